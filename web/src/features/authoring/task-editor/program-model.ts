/**
 * The program parts of a task of types 8-10 in the editor (spec/2 §2.9, §3 "Content by type", §5 files):
 * requested files (learner's start rContent, author's solution aContent), test cases (type 8), config
 * files (9, 10; the first three protected), data files (files to keep; .bin uploads as base64) and the
 * visibility of each section, and (type 8) whether a failed case's report shows its input and expected
 * output (`showHiddenCases` in the globals: absent = hidden; VPL shows them). The parts are object-level: edited once and written into every language's
 * content on save (with that language's title, assignment and help). Pure, unit-tested.
 */
import { defaultProgramFiles, nextFileName } from '@lectio/shared';

export interface ProgramFile {
  name: string;
  rContent: string;
  aContent: string;
  /** 0 existing, 1 new, 2 deleted (dropped on save). */
  status: number;
}
export interface PlainFile {
  name: string;
  content: string;
  encoding?: 'base64';
  status: number;
}
export const SECTIONS = ['assignment', 'files', 'testCases', 'filesToKeep', 'configFiles', 'help'] as const;
export type SectionKey = (typeof SECTIONS)[number];
export interface SectionVisibility {
  show: boolean;
  collapse: boolean;
}
export interface ProgramParts {
  files: ProgramFile[];
  testCases: string;
  filesToKeep: PlainFile[];
  configFiles: PlainFile[];
  visibility: Record<SectionKey, SectionVisibility>;
  /** Type 8: the report of a failed test case shows its input and expected output (VPL's report). */
  showHiddenCases: boolean;
}
export type FileListKey = 'files' | 'filesToKeep' | 'configFiles';

/** Config files whose index is below this are protected (not renamed, not deleted). */
export const PROTECTED_CONFIG_COUNT = 3;

/** Type 8 shows test cases and keep files; 9 adds config files; 10 hides test cases (spec/2 §2.9). */
export function defaultVisibility(type: number): Record<SectionKey, SectionVisibility> {
  const on = { show: true, collapse: false };
  return {
    assignment: on,
    files: on,
    testCases: { show: type === 8, collapse: false },
    filesToKeep: on,
    configFiles: { show: type === 9 || type === 10, collapse: false },
    help: on,
  };
}

export function newProgram(type: 8 | 9 | 10, extension: string): ProgramParts {
  const d = defaultProgramFiles(type, extension);
  return {
    files: d.files.map((f) => ({ name: f.name, rContent: f.content, aContent: f.solution, status: 1 })),
    testCases: '',
    filesToKeep: d.filesToKeep.map((f) => ({ name: f.name, content: f.content, status: 1 })),
    // A new SQL task starts with working config files (spec/2 §9 defaults), so it evaluates as it is.
    configFiles: d.configFiles.map((f) => ({ name: f.name, content: f.content, status: 1 })),
    visibility: defaultVisibility(type),
    showHiddenCases: false,
  };
}

const plain = (entry: unknown): PlainFile | null => {
  if (typeof entry === 'string') return { name: entry, content: '', status: 0 };
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  const name = String(e.name ?? e.filename ?? '');
  if (!name) return null;
  return { name, content: String(e.content ?? e.filecontent ?? ''), ...(e.encoding === 'base64' ? { encoding: 'base64' as const } : {}), status: 0 };
};

/** The parts from a stored content text (any language) and the globals. */
export function programFrom(type: number, content: string, globals: string): ProgramParts {
  let c: Record<string, unknown> = {};
  let g: Record<string, unknown> = {};
  try {
    c = JSON.parse(content || '{}') as Record<string, unknown>;
  } catch {
    c = {};
  }
  try {
    g = JSON.parse(globals || '{}') as Record<string, unknown>;
  } catch {
    g = {};
  }
  const files = (Array.isArray(c.files) ? c.files : []).map((f: Record<string, unknown>) => ({
    name: String(f.name ?? ''),
    rContent: String(f.rContent ?? ''),
    aContent: String(f.aContent ?? ''),
    status: 0,
  }));
  const vis = (g.visibility ?? {}) as Partial<Record<SectionKey, Partial<SectionVisibility>>>;
  const base = defaultVisibility(type);
  const visibility = Object.fromEntries(SECTIONS.map((k) => [k, { show: vis[k]?.show ?? base[k].show, collapse: vis[k]?.collapse ?? base[k].collapse }])) as Record<SectionKey, SectionVisibility>;
  return {
    files,
    testCases: typeof c.testCases === 'string' ? c.testCases : '',
    filesToKeep: (Array.isArray(c.filesToKeep) ? c.filesToKeep : []).map(plain).filter((f): f is PlainFile => f !== null),
    configFiles: (Array.isArray(c.configFiles) ? c.configFiles : []).map(plain).filter((f): f is PlainFile => f !== null),
    visibility,
    showHiddenCases: g.showHiddenCases === true,
  };
}

const live = <T extends { status: number }>(list: T[]) => list.filter((f) => f.status !== 2);
const stripPlain = (f: PlainFile) => ({ name: f.name, content: f.content, ...(f.encoding ? { encoding: f.encoding } : {}) });

/** One language's stored content: its title, assignment and help with the shared parts. */
export function programContentText(parts: ProgramParts, texts: { title: string; assignment: string; help: string }): string {
  return JSON.stringify({
    title: texts.title,
    assignment: texts.assignment,
    files: live(parts.files).map((f) => ({ name: f.name, rContent: f.rContent, aContent: f.aContent })),
    testCases: parts.testCases,
    filesToKeep: live(parts.filesToKeep).map(stripPlain),
    configFiles: live(parts.configFiles).map(stripPlain),
    help: texts.help,
  });
}

export function programGlobalsText(parts: ProgramParts): string {
  return JSON.stringify({
    files: { files: live(parts.files).map((f) => f.name), filesToKeep: live(parts.filesToKeep).map((f) => f.name), configFiles: live(parts.configFiles).map((f) => f.name) },
    visibility: parts.visibility,
    showHiddenCases: parts.showHiddenCases,
  });
}

/** Default name of a new file: file{n}.{ext}, data{n}.txt, config{n}.txt with the first unused n (spec/2 §5). */
export function newFileName(parts: ProgramParts, list: FileListKey, extension: string): string {
  const taken = live<{ name: string; status: number }>(parts[list]).map((f) => f.name);
  if (list === 'files') return nextFileName(taken, 'file', extension ? `.${extension.replace(/^\./, '')}` : '');
  if (list === 'filesToKeep') return nextFileName(taken, 'data', '.txt');
  return nextFileName(taken, 'config', '.txt');
}

export function addFile(parts: ProgramParts, list: FileListKey, extension: string, file?: { name: string; content: string; encoding?: 'base64' }): ProgramParts {
  const name = file?.name ?? newFileName(parts, list, extension);
  if (list === 'files') return { ...parts, files: [...parts.files, { name, rContent: file?.content ?? '', aContent: '', status: 1 }] };
  const entry: PlainFile = { name, content: file?.content ?? '', ...(file?.encoding ? { encoding: file.encoding } : {}), status: 1 };
  // An upload with the name of a live file replaces its content.
  const at = parts[list].findIndex((f) => f.name === name && f.status !== 2);
  if (at >= 0) return { ...parts, [list]: parts[list].map((f, i) => (i === at ? { ...entry, status: f.status } : f)) };
  return { ...parts, [list]: [...parts[list], entry] };
}

/** Whether the file at `index` of the live list may be renamed / deleted. */
export const isProtected = (list: FileListKey, index: number) => list === 'configFiles' && index < PROTECTED_CONFIG_COUNT;
export const canDelete = (list: FileListKey, index: number) => !isProtected(list, index) && !(list === 'files' && index === 0);

/** Why a new name is refused, or null. */
export function renameProblem(parts: ProgramParts, list: FileListKey, index: number, name: string): 'empty' | 'invalid' | 'taken' | 'protected' | null {
  const trimmed = name.trim();
  if (isProtected(list, index)) return 'protected';
  if (!trimmed) return 'empty';
  if (/[/\\\0]/.test(trimmed) || trimmed === '.' || trimmed === '..' || trimmed.length > 200) return 'invalid';
  const files = live<{ name: string; status: number }>(parts[list]);
  if (files.some((f, i) => i !== index && f.name === trimmed)) return 'taken';
  return null;
}

/** Index in the full list of the `index`-th live file. */
const fullIndex = (list: Array<{ status: number }>, index: number) => {
  let k = -1;
  return list.findIndex((f) => f.status !== 2 && ++k === index);
};

export function renameFile(parts: ProgramParts, list: FileListKey, index: number, name: string): ProgramParts {
  if (renameProblem(parts, list, index, name)) return parts;
  const at = fullIndex(parts[list], index);
  return { ...parts, [list]: parts[list].map((f, i) => (i === at ? { ...f, name: name.trim() } : f)) };
}

/** A new file goes at once; an existing one is marked deleted (the caller asked for confirmation). */
export function deleteFile(parts: ProgramParts, list: FileListKey, index: number): ProgramParts {
  if (!canDelete(list, index)) return parts;
  const at = fullIndex(parts[list], index);
  const target = parts[list][at];
  if (!target) return parts;
  const next = target.status === 1 ? parts[list].filter((_, i) => i !== at) : parts[list].map((f, i) => (i === at ? { ...f, status: 2 } : f));
  return { ...parts, [list]: next };
}

export const liveFiles = <K extends FileListKey>(parts: ProgramParts, list: K): ProgramParts[K] => live(parts[list] as Array<{ status: number }>) as ProgramParts[K];

/** Plain text length of an HTML assignment (the editor's character count). */
export const characterCount = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&[a-z#0-9]+;/gi, ' ').length;

/** A .bin upload is stored as base64 (spec/2 §5). */
export const isBinaryName = (name: string) => name.toLowerCase().endsWith('.bin');
