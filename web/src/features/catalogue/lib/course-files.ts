/**
 * The course's execution and keep file lists (spec/2 §3 Course): defaults, which files are fixed,
 * and the editor templates; new file names come from the editing kit (components/editing/file-names.ts).
 */
import type { EditableFile } from '@/components/editing/file-names';

export type CourseFile = EditableFile;

export const DEFAULT_EXECUTION_FILES: CourseFile[] = ['vpl_run.sh', 'vpl_debug.sh', 'vpl_evaluate.sh'].map((filename) => ({
  filename,
  filecontent: '',
}));
export const DEFAULT_KEEP_FILES: CourseFile[] = [{ filename: 'keep1', filecontent: '' }];

/** The three execution scripts cannot be renamed or deleted; the first keep file cannot be deleted. */
export const FIXED_EXECUTION_FILES = 3;
export const FIXED_KEEP_FILES = 1;

export const EDITOR_TEMPLATES = [
  'text/css',
  'text/html',
  'text/javascript',
  'text/x-python',
  'text/x-java',
  'text/x-sql',
  'text/x-php',
  'text/x-c++src',
  'text/x-csharp',
  'text/x-objectivec',
  'text/x-scala',
  'text/x-sh',
] as const;
