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

/** The default files of a new program task of `type` in a course with `extension` (spec/2 §9). */
export function defaultProgramFiles(type: 8 | 9 | 10, extension: string): { files: NamedProgramFile[]; filesToKeep: NamedProgramFile[]; configFiles: NamedProgramFile[] } {
  const ext = extension.replace(/^\./, '');
  const files = type === 10 ? [{ name: 'answer.sql', content: '' }] : [{ name: `file1${ext ? `.${ext}` : ''}`, content: '' }];
  const configFiles: NamedProgramFile[] = PROTECTED_CONFIG_FILES.map((name) => ({ name, content: '' }));
  if (type === 10) {
    for (const name of ['createTables.sql', 'showResult.sql', 'correctAnswer.sql', 'dataset1.sql', 'dataset2.sql', 'dataset3.sql']) {
      configFiles.push({ name, content: '' });
    }
  }
  return { files, filesToKeep: [{ name: 'data1.txt', content: '' }], configFiles };
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
