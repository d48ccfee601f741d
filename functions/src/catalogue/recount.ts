/**
 * The course recount of service-refresh-course as a pure function: from the course partition's
 * chapters and tasks, the course's content/task/program counts and maximum scores and each
 * chapter's counts. Competition chapters (type 2) are scored apart and not counted.
 */
import { catalogueKeys } from './keys';
import { COMPETITION, taskKind } from './model';

/** The projected attributes of the course partition's items the recount reads. */
export interface RecountItem {
  sk: unknown;
  chapter_id?: unknown;
  chapter_type?: unknown;
  task_type_id?: unknown;
  max_score?: unknown;
}

export interface CourseCounts {
  content_count: number;
  task_count: number;
  program_count: number;
  max_score_task: number;
  max_score_program: number;
}

export interface ChapterCounts {
  tasks_count: number;
  programs_count: number;
  contents_count: number;
}

export function recountCourse(items: RecountItem[]): { counts: CourseCounts; perChapter: Map<number, ChapterCounts> } {
  const chapterType = new Map(items.filter((i) => catalogueKeys.isChapter(i.sk)).map((c) => [Number(c.chapter_id), Number(c.chapter_type)]));
  const counts: CourseCounts = { content_count: 0, task_count: 0, program_count: 0, max_score_task: 0, max_score_program: 0 };
  const perChapter = new Map<number, ChapterCounts>();
  for (const t of items.filter((i) => catalogueKeys.isTask(i.sk))) {
    const chapterId = Number(t.chapter_id);
    if (chapterType.get(chapterId) === COMPETITION) continue; // competitions are scored apart
    const kind = taskKind(Number(t.task_type_id));
    const c = perChapter.get(chapterId) ?? { tasks_count: 0, programs_count: 0, contents_count: 0 };
    if (kind === 'content') {
      counts.content_count++;
      c.contents_count++;
    } else if (kind === 'task') {
      counts.task_count++;
      counts.max_score_task += Number(t.max_score ?? 0);
      c.tasks_count++;
    } else {
      counts.program_count++;
      counts.max_score_program += Number(t.max_score ?? 0);
      c.programs_count++;
    }
    perChapter.set(chapterId, c);
  }
  return { counts, perChapter };
}
