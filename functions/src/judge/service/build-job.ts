/**
 * Turns a run request into a judge job. A learner sends only their files: the task's stored config
 * files, files to keep and test cases (and the course's defaults) are added on the server, and only the
 * task's requested file names are accepted. An author's preview sends the files being edited. Hidden
 * material (test cases, correct SQL answers, author solutions) never goes into a learner's run (run
 * mode); in an evaluation the test cases are read by the judge and removed before any learner code runs.
 * Type 10 jobs are run and graded by the judge's SQL driver (`evaluation: 'sql'`), never by the task's
 * scripts; type 9 evaluations by the judge's unit-test runner (`evaluation: 'unit-tests'`). Type 8: the
 * task's `showHiddenCases` global (absent = false) says whether the report of a failed case shows its
 * input and expected output; a preview follows the stored task.
 */
import { permissionLevels, isAdminRole, judgeFileList, parseContent } from '@lectio/shared';
import type { SessionUser } from '../../platform/auth/tokens';
import { maxCourseLevel } from '../../platform/auth/course-grants';
import { Forbidden, Invalid } from '../../platform/http/errors';
import { getCourse } from '../../catalogue';
import type { TaskItem } from '../../catalogue';
import type { JudgeFile, JudgeJob } from '../core/job';

export const PROGRAM_TYPES = [8, 9, 10] as const;
const PREVIEW_LEVEL = permissionLevels.chapter_content_creator;
/** Config files a learner's run (not evaluation) may see. */
const RUN_CONFIG = new Set(['vpl_run.sh', 'vpl_debug.sh', 'createTables.sql', 'dataset1.sql', 'showResult.sql']);

export function parseFiles(text: string | undefined, field: string): JudgeFile[] {
  if (!text || !text.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Invalid(`${field}: Must be a JSON list of files`, { [field]: ['Must be a JSON list of files'] });
  }
  const parsed = judgeFileList.safeParse(raw);
  if (!parsed.success) throw new Invalid(`${field}: Must be a JSON list of files`, { [field]: ['Must be a JSON list of files'] });
  return parsed.data.map((f) => ({ name: f.filename, content: f.filecontent, encoding: f.encoding }));
}

/** A stored file entry: `{ name, content }`, `{ filename, filecontent }` or a bare name. */
function storedFile(entry: unknown): JudgeFile | null {
  if (typeof entry === 'string') return { name: entry, content: '' };
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  const name = String(e.name ?? e.filename ?? '');
  if (!name) return null;
  const content = String(e.content ?? e.filecontent ?? e.rContent ?? '');
  return { name, content, encoding: e.encoding === 'base64' ? 'base64' : undefined };
}

const byName = (...lists: JudgeFile[][]) => {
  const out = new Map<string, JudgeFile>();
  for (const list of lists) for (const f of list) out.set(f.name, f);
  return [...out.values()];
};

function courseFiles(text: string | undefined): JudgeFile[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown[];
    return Array.isArray(list) ? (list.map(storedFile).filter(Boolean) as JudgeFile[]) : [];
  } catch {
    return [];
  }
}

export interface RunRequest {
  task_id: number;
  course_id?: number;
  exe_type: number;
  submitted_files: string;
  keep_files?: string;
  config_files?: string;
  testCases?: string;
  preview?: number;
}

/** What the task decides about the job: trusted grading (types 9 and 10), the type 8 report. */
function taskJobOptions(task: TaskItem): Pick<JudgeJob, 'evaluation' | 'showHiddenCases'> {
  if (task.task_type_id === 10) return { evaluation: 'sql' };
  if (task.task_type_id === 9) return { evaluation: 'unit-tests' };
  if (task.task_type_id !== 8) return {};
  let globals: unknown;
  try {
    globals = JSON.parse(task.globals || '{}');
  } catch {
    globals = {};
  }
  return { showHiddenCases: (globals as { showHiddenCases?: unknown } | null)?.showHiddenCases === true };
}

export async function buildJob(user: SessionUser, task: TaskItem, lang: string, req: RunRequest): Promise<{ job: JudgeJob; preview: boolean }> {
  if (!(PROGRAM_TYPES as readonly number[]).includes(task.task_type_id)) throw new Invalid('This task is not a program.');
  const kind = req.exe_type === 1 ? 'evaluate' : 'run';
  const course = await getCourse(task.course_id);
  const preview = req.preview === 1;
  const extension = task.task_type_id === 10 ? 'sql' : course.file_extension || undefined;
  const courseConfig = courseFiles(course.file_list);
  const courseKeep = courseFiles(course.keep_list);
  if (preview) {
    if (req.course_id !== undefined && req.course_id !== task.course_id) throw new Invalid('The course does not match the task.');
    if (!isAdminRole(user.roleId) && (await maxCourseLevel(user.userId, task.course_id)) < PREVIEW_LEVEL) {
      throw new Forbidden("You don't have a permission to edit this content.");
    }
    const configFiles = byName(courseConfig, parseFiles(req.config_files, 'config_files'));
    if (kind === 'evaluate' && req.testCases && req.testCases.trim()) configFiles.push({ name: 'vpl_evaluate.cases', content: req.testCases });
    return {
      preview,
      job: {
        kind,
        extension,
        submittedFiles: parseFiles(req.submitted_files, 'submitted_files'),
        keepFiles: byName(courseKeep, parseFiles(req.keep_files, 'keep_files')),
        configFiles,
        ...taskJobOptions(task),
      },
    };
  }
  const content = parseContent(task.task_type_id, task.contents?.[lang] ?? '') as {
    files: Array<{ name: string; rContent: string }>;
    testCases: string;
    filesToKeep: unknown[];
    configFiles: unknown[];
  };
  const requested = new Map(content.files.map((f) => [f.name, f.rContent]));
  const sent = new Map(parseFiles(req.submitted_files, 'submitted_files').map((f) => [f.name, f]));
  const submittedFiles = [...requested.entries()].map(([name, start]) => sent.get(name) ?? { name, content: start });
  let configFiles = byName(courseConfig, content.configFiles.map(storedFile).filter(Boolean) as JudgeFile[]);
  const keepFiles = byName(courseKeep, content.filesToKeep.map(storedFile).filter(Boolean) as JudgeFile[]);
  if (kind === 'run') configFiles = configFiles.filter((f) => RUN_CONFIG.has(f.name));
  else if (content.testCases.trim()) configFiles.push({ name: 'vpl_evaluate.cases', content: content.testCases });
  return { preview, job: { kind, extension, submittedFiles, keepFiles, configFiles, ...taskJobOptions(task) } };
}
