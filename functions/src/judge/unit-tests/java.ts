/**
 * Type 9, Java: one JVM in the job's box. `LectioTests` gets the tests' sources on stdin, compiles the
 * learner's classes into learner/ and the tests in memory (`LectioBuild`), then runs the tests under its
 * security manager (see the .java files); javac's errors come back as the build's errors.
 * The two trusted classes are compiled once per worker (in the first job's box) and kept in memory.
 */
import { readFileSync } from 'node:fs';
import { JAVA_RUN_FLAGS } from '../languages/run-scripts';
import { parseRunnerOutput } from './report';
import type { LanguageRun, RunTrusted, UnitTestBox, UnitTestFiles } from './unit-tests';

/** Every .java config file is the author's (tests and their helpers) except a stored copy of LectioTests. */
export const JAVA_TEST_FILES = /^(?!LectioTests\.java$).*\.java$/;

const RUNNER_DIR = '.lectio';
const SOURCES = ['LectioTests.java', 'LectioBuild.java'];
const RUN_FLAGS = ['-Djava.security.manager=allow', ...JAVA_RUN_FLAGS.split(' '), '-XX:+DisableAttachMechanism'];

/** The runner's class files (name → bytes), compiled on first use. */
let runnerClasses: Map<string, Buffer> | null = null;

async function compileRunner(box: UnitTestBox): Promise<Map<string, Buffer> | string> {
  if (runnerClasses) return runnerClasses;
  const src = `${RUNNER_DIR}-src`;
  for (const name of SOURCES) box.writeFile(`${src}/${name}`, readFileSync(new URL(`./java/${name}`, import.meta.url), 'utf8'));
  const script = [
    `/usr/bin/javac -J-Xmx512m -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -nowarn -Xlint:none -proc:none -encoding UTF-8 -cp ${src} -sourcepath ${src} -d ${src}/out ${src}/*.java`,
    `cd ${src}/out && for f in *.class; do printf 'class %s %s\\n' "$f" "$(base64 -w0 "$f")"; done`,
  ].join(' && ');
  const outcome = await box.run(['/bin/bash', '-c', `(${script}); rm -rf ${src}`], 'build', '');
  if (!outcome) return 'stopped';
  const classes = new Map<string, Buffer>();
  for (const line of outcome.output.split('\n')) {
    const m = /^class (\S+\.class) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (m) classes.set(m[1]!, Buffer.from(m[2]!, 'base64'));
  }
  if (!classes.has('LectioTests.class') || !classes.has('LectioBuild.class')) return `The unit-test runner could not be built:\n${outcome.output}`;
  runnerClasses = classes;
  return classes;
}


export async function javaUnitTests(files: UnitTestFiles, box: UnitTestBox, nonce: string, run: RunTrusted): Promise<LanguageRun> {
  const runner = await compileRunner(box);
  if (typeof runner === 'string') return { results: { ...parseRunnerOutput('', nonce), compilation: runner }, stopped: '' };
  for (const [name, bytes] of runner) box.writeFile(`${RUNNER_DIR}/${name}`, bytes);
  const input = [
    nonce,
    ...files.learner.filter((f) => f.name.endsWith('.java')).map((f) => `learner ${f.name}`),
    ...files.tests.map((f) => `source ${f.name} ${Buffer.from(f.content, 'utf8').toString('base64')}`),
    // the test classes to run: one per *Test.java file, as the old runner did
    ...files.tests.filter((f) => f.name.endsWith('Test.java')).map((f) => `test ${f.name.slice(0, -'.java'.length)}`),
    '',
  ];
  return run(['/usr/bin/java', ...RUN_FLAGS, '-cp', RUNNER_DIR, 'LectioTests'], 'run', input.join('\n'));
}
