/** The editing rules of spec/2 §6. */
import { describe, expect, it } from 'vitest';
import { grantCovers, may, mayReadBook, onlyTranslation, type PermissionGrant } from '@lectio/shared';

const student = { roleId: 1 };
const admin = { roleId: 2 };
const g = (role_code: PermissionGrant['role_code'], language_id = 0, sub_obj_id = 0, sub_obj_kind?: 'chapter' | 'lesson'): PermissionGrant => ({
  role_code,
  language_id,
  sub_obj_id,
  ...(sub_obj_kind ? { sub_obj_kind } : {}),
});

describe('may', () => {
  it('lets role_id 2 and role codes above 999 do everything', () => {
    expect(may(admin, [], { kind: 'object', list: 'chapter-list' })).toBe(true);
    expect(may(student, [g('system_content_creator')], { kind: 'object', list: 'chapter-list' })).toBe(true);
    expect(may(student, [g('admin')], { kind: 'translate', langId: 5 })).toBe(true);
  });

  it('gives nothing without a grant', () => {
    expect(may(student, [], { kind: 'translate', langId: 1 })).toBe(false);
    expect(may(student, [], { kind: 'teach' })).toBe(false);
  });

  it('course_content_creator edits all languages and objects of every list', () => {
    const grants = [g('course_content_creator', 1)];
    for (const list of ['chapter-list', 'lesson-list', 'task-list', 'task-editor'] as const) {
      expect(may(student, grants, { kind: 'object', list })).toBe(true);
    }
    expect(may(student, grants, { kind: 'translate', langId: 7 })).toBe(true);
  });

  it('course_content_translator edits only translations in its own language', () => {
    const grants = [g('course_content_translator', 2)];
    expect(may(student, grants, { kind: 'translate', langId: 2 })).toBe(true);
    expect(may(student, grants, { kind: 'translate', langId: 3 })).toBe(false);
    expect(may(student, grants, { kind: 'object', list: 'task-list' })).toBe(false);
  });

  it('chapter_content_creator works in its own chapter or lesson, never on the chapter list', () => {
    const grants = [g('chapter_content_creator', 0, 11)];
    expect(may(student, grants, { kind: 'object', list: 'lesson-list', chapterId: 11 })).toBe(true);
    expect(may(student, [g('chapter_content_creator', 0, 11, 'lesson')], { kind: 'object', list: 'task-list', chapterId: 12, lessonId: 11 })).toBe(true);
    expect(may(student, grants, { kind: 'object', list: 'task-editor', chapterId: 11 })).toBe(true);
    expect(may(student, grants, { kind: 'object', list: 'task-list', chapterId: 12, lessonId: 13 })).toBe(false);
    expect(may(student, grants, { kind: 'object', list: 'chapter-list', chapterId: 11 })).toBe(false);
    expect(may(student, grants, { kind: 'translate', langId: 4, chapterId: 11 })).toBe(true);
    expect(may(student, grants, { kind: 'translate', langId: 4, chapterId: 12 })).toBe(false);
  });

  it('chapter_content_translator translates its own language in its own chapter only', () => {
    const grants = [g('chapter_content_translator', 6, 11)];
    expect(may(student, grants, { kind: 'translate', langId: 6, chapterId: 11 })).toBe(true);
    expect(may(student, grants, { kind: 'translate', langId: 1, chapterId: 11 })).toBe(false);
    expect(may(student, grants, { kind: 'translate', langId: 6, chapterId: 99 })).toBe(false);
    expect(may(student, grants, { kind: 'object', list: 'task-editor', chapterId: 11 })).toBe(false);
  });

  it('never compares a chapter id with a lesson id: chapter 2 does not reach lesson 2 of chapter 1', () => {
    const chapter2 = [g('chapter_content_creator', 0, 2)];
    const lesson2InChapter1 = { chapterId: 1, lessonId: 2 };
    for (const list of ['lesson-list', 'task-list', 'task-editor'] as const) {
      expect(may(student, chapter2, { kind: 'object', list, ...lesson2InChapter1 })).toBe(false);
    }
    expect(may(student, chapter2, { kind: 'translate', langId: 1, ...lesson2InChapter1 })).toBe(false);
    expect(may(student, chapter2, { kind: 'object', list: 'task-list', chapterId: 2, lessonId: 7 })).toBe(true);
    // A stored grant with the chapter kind spelled out reads the same as one without a kind.
    expect(may(student, [g('chapter_content_creator', 0, 2, 'chapter')], { kind: 'object', list: 'task-list', ...lesson2InChapter1 })).toBe(false);
  });

  it('a lesson grant covers its lesson only, never the chapter with the same number', () => {
    const lesson5 = [g('chapter_content_translator', 2, 5, 'lesson')];
    expect(may(student, lesson5, { kind: 'translate', langId: 2, chapterId: 9, lessonId: 5 })).toBe(true);
    expect(may(student, lesson5, { kind: 'translate', langId: 2, chapterId: 5, lessonId: 6 })).toBe(false);
    expect(may(student, lesson5, { kind: 'translate', langId: 2, chapterId: 5 })).toBe(false);
    expect(grantCovers(g('chapter_content_creator', 0, 5, 'lesson'), { chapterId: 5 })).toBe(false);
    expect(grantCovers(g('chapter_content_creator', 0, 0), { chapterId: 5, lessonId: 8 })).toBe(true);
  });

  it('object-level change in task editors needs >= course_content_creator or exactly chapter_content_creator', () => {
    expect(onlyTranslation(student, [g('course_content_creator')], 'task-editor')).toBe(0);
    expect(onlyTranslation(student, [g('chapter_content_creator', 0, 5)], 'task-editor', 5)).toBe(0);
    expect(onlyTranslation(student, [g('course_content_translator', 1)], 'task-editor')).toBe(1);
    expect(onlyTranslation(student, [g('chapter_content_translator', 1, 5)], 'task-editor', 5)).toBe(1);
  });

  it('teacher, tests, competitions and assignments follow their role codes', () => {
    expect(may(student, [g('teacher')], { kind: 'teach' })).toBe(true);
    expect(may(student, [g('test_creator')], { kind: 'tests' })).toBe(true);
    expect(may(student, [g('test_translator', 2)], { kind: 'tests' })).toBe(false);
    expect(may(student, [g('test_translator', 2)], { kind: 'tests', translateOnly: true, langId: 2 })).toBe(true);
    expect(may(student, [g('competition_translator', 2)], { kind: 'competitions', translateOnly: true, langId: 3 })).toBe(false);
    expect(may(student, [g('competition_creator')], { kind: 'competitions' })).toBe(true);
    expect(may(student, [g('assignment_creator')], { kind: 'assignments' })).toBe(true);
    expect(may(student, [g('assignment_creator')], { kind: 'teach' })).toBe(false);
  });
});

describe('mayReadBook', () => {
  const chapter3 = { chapterId: 3, competition: false };
  const lesson3 = { chapterId: 1, lessonId: 3, competition: false };
  const contest = { chapterId: 4, competition: true };

  it('admins and course creators read everything, competitions included', () => {
    for (const [user, grants] of [[admin, []], [student, [g('course_content_creator')]], [student, [g('system_content_creator')]]] as const) {
      expect(mayReadBook(user, [...grants], chapter3)).toBe(true);
      expect(mayReadBook(user, [...grants], contest)).toBe(true);
    }
  });

  it('translators read the course but no competition; competition creators only competitions', () => {
    expect(mayReadBook(student, [g('course_content_translator', 2)], chapter3)).toBe(true);
    expect(mayReadBook(student, [g('course_content_translator', 2)], contest)).toBe(false);
    expect(mayReadBook(student, [g('competition_creator')], contest)).toBe(true);
    expect(mayReadBook(student, [g('competition_creator')], chapter3)).toBe(false);
  });

  it('chapter roles read their own chapter or lesson only, and no competition', () => {
    const mine = [g('chapter_content_creator', 0, 3)];
    expect(mayReadBook(student, mine)).toBe(true);
    expect(mayReadBook(student, mine, chapter3)).toBe(true);
    expect(mayReadBook(student, mine, lesson3)).toBe(false);
    expect(mayReadBook(student, [g('chapter_content_translator', 2, 3, 'lesson')], lesson3)).toBe(true);
    expect(mayReadBook(student, [g('chapter_content_creator', 0, 4)], contest)).toBe(false);
  });

  it('teachers and learners get no book', () => {
    expect(mayReadBook(student, [g('teacher')])).toBe(false);
    expect(mayReadBook(student, [])).toBe(false);
  });
});
