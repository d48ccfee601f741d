/**
 * Default `vpl_run.sh` per course file extension, so that an author only writes test cases. Each script
 * builds `vpl_execution` (VPL's contract) from the submitted files named in vpl_environment.sh and prints
 * compiler messages; a failed build leaves no `vpl_execution`. Toolchains come from the system paths.
 */

export type JudgeLanguage = 'python' | 'java' | 'c' | 'cpp' | 'javascript' | 'sql' | 'bash';

const BY_EXTENSION: Record<string, JudgeLanguage> = {
  py: 'python',
  java: 'java',
  c: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  js: 'javascript',
  mjs: 'javascript',
  sql: 'sql',
  sh: 'bash',
};

export function languageOfExtension(extension: string | undefined): JudgeLanguage | null {
  return BY_EXTENSION[(extension ?? '').replace(/^\./, '').toLowerCase()] ?? null;
}

/**
 * Language of a job: the course extension, unless no submitted file has it and a submitted file is of
 * another known language (a Java task in a Python course); else the first submitted file's extension.
 */
export function languageOfJob(extension: string | undefined, fileNames: string[]): JudgeLanguage | null {
  const course = languageOfExtension(extension);
  const ofFiles = fileNames.map((n) => languageOfExtension(n.includes('.') ? n.split('.').pop() : '')).filter((l): l is JudgeLanguage => l !== null);
  if (course && (ofFiles.length === 0 || ofFiles.includes(course))) return course;
  return ofFiles[0] ?? course;
}

/** Shared start: load the environment and pick the submitted files with the given extensions. */
const prelude = (exts: string[]) => `#!/bin/bash
. ./vpl_environment.sh
SOURCES=()
for i in $(seq 0 1000); do
  v="VPL_SUBFILE$i"; f="\${!v}"
  [ -z "$f" ] && break
  case "$f" in ${exts.map((e) => `*.${e}`).join('|')}) SOURCES+=("$f");; esac
done
if [ \${#SOURCES[@]} -eq 0 ]; then
  echo "No source file found (${exts.map((e) => `.${e}`).join(', ')})"
  exit 0
fi
FIRST="\${SOURCES[0]}"
`;

export const JAVA_RUN_FLAGS = '-Xmx256m -Xss8m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xshare:auto';

const SCRIPTS: Record<JudgeLanguage, string> = {
  python: `${prelude(['py'])}
# a syntax error is reported at build time, as a compiler would
/usr/bin/python3 -B -c 'import ast,sys
for f in sys.argv[1:]:
    try:
        ast.parse(open(f, encoding="utf-8").read(), f)
    except SyntaxError as e:
        print(f"{e.filename}:{e.lineno}:{e.offset}: SyntaxError: {e.msg}"); print(e.text or ""); sys.exit(1)' "\${SOURCES[@]}" || exit 0
{
  echo '#!/usr/bin/python3 -uB'
  echo 'import runpy, sys'
  printf 'sys.argv[0] = %s\\n' "'$FIRST'"
  printf 'runpy.run_path(%s, run_name="__main__")\\n' "'$FIRST'"
} > vpl_execution
chmod +x vpl_execution
`,
  java: `${prelude(['java'])}
MAIN=""
for f in "\${SOURCES[@]}"; do
  if grep -Eq 'static[[:space:]]+(public[[:space:]]+)?void[[:space:]]+main[[:space:]]*\\(' "$f"; then
    PKG=$(sed -n 's/^[[:space:]]*package[[:space:]]\\+\\([A-Za-z0-9_.]*\\)[[:space:]]*;.*/\\1/p' "$f" | head -1)
    CLS=$(basename "$f" .java)
    MAIN="\${PKG:+$PKG.}$CLS"
    break
  fi
done
[ -z "$MAIN" ] && MAIN=$(basename "$FIRST" .java)
/usr/bin/javac -J-Xmx512m -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -J-XX:-UsePerfData -encoding UTF-8 -nowarn -d . "\${SOURCES[@]}" || exit 0
printf '#!/bin/bash\\nexec /usr/bin/java ${JAVA_RUN_FLAGS} -cp . %s "$@"\\n' "$MAIN" > vpl_execution
chmod +x vpl_execution
`,
  c: `${prelude(['c'])}
/usr/bin/gcc -O2 -std=gnu17 -Wall -fno-diagnostics-color -o vpl_execution "\${SOURCES[@]}" -lm
`,
  cpp: `${prelude(['cpp', 'cc', 'cxx'])}
/usr/bin/g++ -O2 -std=gnu++17 -Wall -fno-diagnostics-color -o vpl_execution "\${SOURCES[@]}" -lm
`,
  javascript: `${prelude(['js', 'mjs'])}
/usr/bin/node --check "$FIRST" || exit 0
printf '#!/bin/bash\\nexec /usr/bin/node --max-old-space-size=200 %s "$@"\\n' "'$FIRST'" > vpl_execution
chmod +x vpl_execution
`,
  sql: `${prelude(['sql'])}
# the database starts with every .sql file that is not a submission (course and task files), in name order
rm -f vpl.db
for f in $(ls *.sql 2>/dev/null | sort); do
  skip=0; for s in "\${SOURCES[@]}"; do [ "$s" = "$f" ] && skip=1; done
  [ $skip = 0 ] && /usr/bin/sqlite3 -batch vpl.db < "$f"
done
{
  echo '#!/bin/bash'
  for s in "\${SOURCES[@]}"; do printf '/usr/bin/sqlite3 -batch vpl.db < %s\\n' "'$s'"; done
  [ "$1" != "batch" ] && echo '/usr/bin/sqlite3 -interactive vpl.db'
} > vpl_execution
chmod +x vpl_execution
`,
  bash: `${prelude(['sh'])}
/bin/bash -n "$FIRST" || exit 0
printf '#!/bin/bash\\nexec /bin/bash %s "$@"\\n' "'$FIRST'" > vpl_execution
chmod +x vpl_execution
`,
};

export function defaultRunScript(language: JudgeLanguage): string {
  return SCRIPTS[language];
}
