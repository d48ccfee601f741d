/**
 * Pure rules of programming tasks (types 8-10) shared by the editors, the player and the judge:
 * default files of a new task, file naming, and how a judge grade is shown (spec/2 §4 "Grade display",
 * §9 judge markers and default files; spec/3 §4 "Code run").
 */

export interface NamedProgramFile {
  name: string;
  content: string;
}

/** The grade marker VPL prints; the grade follows it. */
export const GRADE_MARKER = 'Grade :=>>';

/** The config files that cannot be renamed or deleted (spec/2 §3). */
export const PROTECTED_CONFIG_FILES = ['vpl_run.sh', 'vpl_debug.sh', 'vpl_evaluate.sh'] as const;

/** What a type 10 task's vpl_run.sh and vpl_evaluate.sh hold: a note (Lectio's SQL driver runs and grades). */
export const SQL_SCRIPT_NOTE = `#!/bin/bash
# Type 10 (SQL): Lectio runs and grades the answer itself with its trusted SQL driver, on createTables.sql,
# datasetN.sql and showResult.sql (correctAnswer.sql gives the expected results). This file is not used.
echo "SQL tasks are run and graded by Lectio's SQL driver, not by this script."
`;

/** The example query of a new type 10 task: its correct answer, and the author's solution to start from. */
export const SQL_EXAMPLE_ANSWER = 'SELECT name FROM person WHERE age >= 18 ORDER BY name;\n';

/**
 * The config files of a new type 10 task (spec/2 §9), with contents that work as they are: a table, two
 * datasets and the correct answer, so a new SQL task evaluates out of the box (issue 20 item 2).
 */
export function sqlDefaultConfigFiles(): NamedProgramFile[] {
  return [
    { name: 'vpl_run.sh', content: SQL_SCRIPT_NOTE },
    { name: 'vpl_debug.sh', content: '' },
    { name: 'vpl_evaluate.sh', content: SQL_SCRIPT_NOTE },
    { name: 'createTables.sql', content: 'CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER);\n' },
    { name: 'showResult.sql', content: '' },
    { name: 'correctAnswer.sql', content: SQL_EXAMPLE_ANSWER },
    { name: 'dataset1.sql', content: "INSERT INTO person VALUES (1, 'Ada', 36), (2, 'Linus', 12), (3, 'Grace', 45);\n" },
    { name: 'dataset2.sql', content: "INSERT INTO person VALUES (1, 'Tim', 17), (2, 'Ken', 18);\n" },
    { name: 'dataset3.sql', content: '' },
  ];
}

/**
 * The default files of a new program task of `type` in a course with `extension` (spec/2 §9). `content`
 * is the learner's starting text, `solution` the author's solution to start from (the example answer
 * of a type 10 task, so its preview gives 100 % before anything is touched).
 */
export function defaultProgramFiles(
  type: 8 | 9 | 10,
  extension: string,
): { files: Array<NamedProgramFile & { solution: string }>; filesToKeep: NamedProgramFile[]; configFiles: NamedProgramFile[] } {
  const ext = extension.replace(/^\./, '');
  if (type === 10) {
    return { files: [{ name: 'answer.sql', content: '', solution: SQL_EXAMPLE_ANSWER }], filesToKeep: [{ name: 'data1.txt', content: '' }], configFiles: sqlDefaultConfigFiles() };
  }
  return {
    files: [{ name: `file1${ext ? `.${ext}` : ''}`, content: '', solution: '' }],
    filesToKeep: [{ name: 'data1.txt', content: '' }],
    configFiles: PROTECTED_CONFIG_FILES.map((name) => ({ name, content: '' })),
  };
}

/** The first unused `{prefix}{N}{suffix}` (new files are file{N}, keep files keep{N} / data{N}). */
export function nextFileName(existing: string[], prefix: string, suffix = ''): string {
  const taken = new Set(existing);
  for (let n = 1; ; n++) {
    const name = `${prefix}${n}${suffix}`;
    if (!taken.has(name)) return name;
  }
}

/** The last grade printed after the marker, or null. */
export function gradeOf(execution: string): number | null {
  let grade: number | null = null;
  for (const line of execution.split('\n')) {
    if (!line.startsWith(GRADE_MARKER)) continue;
    const v = Number(line.slice(GRADE_MARKER.length).trim());
    grade = Number.isFinite(v) && line.slice(GRADE_MARKER.length).trim() !== '' ? v : null;
  }
  return grade;
}

/** Result colour: 100 green, 0 red, anything between orange (spec/2 §9). */
export function gradeColour(grade: number): 'green' | 'red' | 'orange' {
  if (grade >= 100) return 'green';
  if (grade <= 0) return 'red';
  return 'orange';
}

/** The spec/3 player appends a semicolon to a type 10 answer that lacks one. */
export function withSemicolon(sql: string): string {
  const trimmed = sql.replace(/\s+$/, '');
  return trimmed.endsWith(';') || trimmed === '' ? trimmed : `${trimmed};`;
}

/** One block of VPL's report (`<|--` … `--|>`): titles (`-…`) and preformatted lines (`>…`). */
export interface ReportBlock {
  title: string;
  lines: string[];
}

/**
 * The test report in an evaluation's output: VPL's comment blocks and `Comment :=>>` lines, grouped by
 * title (spec/3 §3 Test result: test_name, test_result …). Text outside the blocks is ignored.
 */
export function testReport(execution: string): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  let inBlock = false;
  let current: ReportBlock | null = null;
  for (const raw of execution.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.startsWith('Comment :=>>')) {
      blocks.push({ title: line.slice('Comment :=>>'.length).trim(), lines: [] });
      continue;
    }
    if (!inBlock) {
      if (line.trim() === '<|--') inBlock = true;
      continue;
    }
    if (line.trim() === '--|>') {
      inBlock = false;
      current = null;
      continue;
    }
    if (line.startsWith('-')) {
      current = { title: line.slice(1).trim(), lines: [] };
      blocks.push(current);
    } else {
      const text = line.startsWith('>') ? line.slice(1) : line;
      if (!current) {
        current = { title: '', lines: [] };
        blocks.push(current);
      }
      current.lines.push(text);
    }
  }
  return blocks;
}

/** How the player shows a result (spec/2 §4 "Grade display"). */
export function gradeDisplay(grade: number | null, compilation: string, execution: string) {
  const noOutput = compilation.trim() === '' && execution.trim() === '';
  const colour: 'blue' | 'green' | 'red' | 'orange' | null =
    grade === null ? null : grade <= 0 && noOutput ? 'blue' : gradeColour(grade);
  return {
    colour,
    /** At 100 the execution panel is hidden; compile output opens the compile panel, else execution. */
    panel: compilation.trim() !== '' ? ('compilation' as const) : grade !== null && grade >= 100 ? null : ('execution' as const),
    /** Compiler icon: red for long compiler output, neutral when both outputs are empty, else green. */
    compilerIcon: noOutput ? ('neutral' as const) : compilation.split('\n').filter((l) => l.trim()).length > 3 ? ('red' as const) : ('green' as const),
  };
}

/** A monitor message ending in 'seg' (VPL's Spanish seconds) is shown with 's'. */
export const monitorText = (message: string): string => message.replace(/(\d)\s*seg$/, '$1 s');

/**
 * Latin letters for the Cyrillic ones (Russian, Ukrainian, Belarusian, Serbian, Macedonian), by the
 * usual English-readable transliteration. Submitted files are transliterated before a judge run
 * (spec/3 §7: `submitted_files` "Cyrillic transliterated"), so a learner's comments and strings never
 * reach a compiler or a test comparison in an encoding it may reject.
 */
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u', ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
};

/** `text` with every Cyrillic letter written in Latin letters; capitals stay capitals ('Щука' → 'Shchuka'). */
export function transliterateCyrillic(text: string): string {
  return text.replace(/[\u0400-\u04FF]/g, (ch) => {
    const lower = ch.toLowerCase();
    const latin = CYRILLIC[lower];
    if (latin === undefined) return ch;
    if (ch === lower || latin === '') return latin;
    return latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}
