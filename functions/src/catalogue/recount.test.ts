import { describe, expect, it } from 'vitest';
import { recountCourse } from './recount';

const chapter = (id: number, type = 1) => ({ sk: `CHAPTER#${id}`, chapter_id: id, chapter_type: type });
const task = (chapterId: number, typeId: number, maxScore = 0) => ({ sk: `TASK#${chapterId}#${typeId}#${maxScore}`, chapter_id: chapterId, task_type_id: typeId, max_score: maxScore });

describe('recountCourse', () => {
  it('counts contents, tasks and programs per course and per chapter with their maximum scores', () => {
    // Prepare: chapter 1 has a content (type 1), a quiz (type 2) and a program (type 8); chapter 3 a content (type 12)
    const items = [chapter(1), chapter(3), task(1, 1), task(1, 2, 5), task(1, 8, 10), task(3, 12)];
    // Act
    const { counts, perChapter } = recountCourse(items);
    // Assess
    expect(counts).toEqual({ content_count: 2, task_count: 1, program_count: 1, max_score_task: 5, max_score_program: 10 });
    expect(Object.fromEntries(perChapter)).toEqual({
      1: { tasks_count: 1, programs_count: 1, contents_count: 1 },
      3: { tasks_count: 0, programs_count: 0, contents_count: 1 },
    });
  });

  it('leaves competition chapters out', () => {
    const { counts, perChapter } = recountCourse([chapter(1), chapter(2, 2), task(2, 3, 50), task(1, 11, 7)]);
    expect(counts).toEqual({ content_count: 0, task_count: 0, program_count: 1, max_score_task: 0, max_score_program: 7 });
    expect([...perChapter.keys()]).toEqual([1]);
  });

  it('is all zero for a course without tasks, and a missing max score counts as 0', () => {
    expect(recountCourse([chapter(1)]).counts).toEqual({ content_count: 0, task_count: 0, program_count: 0, max_score_task: 0, max_score_program: 0 });
    expect(recountCourse([{ sk: 'TASK#1', chapter_id: 1, task_type_id: 4 }]).counts.task_count).toBe(1);
  });
});
