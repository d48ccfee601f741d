/**
 * Teaching domain (spec/3 "Teacher screens", §3 teacher course and student rows, §7 "Teacher"; issue 21
 * items 4-6): the teacher dashboard's courses and their groups, and the tables of the students of the
 * caller's groups by chapter, lesson and task. Who sees what: a teacher sees only students of the
 * groups they own or teach (admin / teacher grant on the course: every group of it); full names only
 * of students who joined by key, the nickname otherwise.
 */
import * as z from 'zod';
import { defineDomain, idParam, numeric } from '../registry';
import { ESSAY_COMMENT_MAX } from '../rules/essay';
import { MAX_SCORE_LIMIT } from '../tasks/types';

const id = z.number().int();
const text = z.string();

/** The spec's success envelope of the deletes. */
export const successResponse = z.object({ message: z.literal('success') });
const ok = z.object({ message: z.literal('OK') });

/** 'Course contains groups' (spec/3 §5, §8): a teacher course is deleted only without groups. */
export const COURSE_CONTAINS_GROUPS = 'Course contains groups';

export const teacherGroup = z.object({ id, group_name: text });
export const teacherCourse = z.object({
  id,
  area_name: text,
  course_name: text,
  area_color: text,
  groups: z.array(teacherGroup),
});
export const courseForTeacher = z.object({ id, course_name: text, area_name: text, area_color: text });

/** A score column: what the learner scored in quiz tasks and in programs. */
export const scoreCell = z.object({ id, score_tasks: z.number(), score_programs: z.number(), passed_tasks: id, passed_programs: id });
/** One task's cell: the best score, whether it is passed (rating ≥ 50) and how many evaluations. */
export const taskCell = scoreCell.extend({ passed: z.number().int(), attempts: id });

/** A student row (spec/3 §3): id, name, surname, group_id. name = nickname and surname = '' unless they joined by key. */
export const studentRow = z.object({ id, name: text, surname: text, group_id: id });

/** A column of the tables: a chapter, lesson or task with its maxima (headers: name cut to 15 chars, max tasks/max programs). */
export const tableColumn = z.object({
  id,
  name: text,
  max_tasks: id,
  max_programs: id,
  max_score_tasks: z.number(),
  max_score_programs: z.number(),
});
export const taskColumn = tableColumn.extend({ task_type_id: id, task_order: id, max_score: z.number() });

const place = z.object({ id, name: text });
/** Where a table is: the course's category, area and course (breadcrumbs), chapter and lesson where there is one. */
export const tablePlace = z.object({ category: place, area: place, course: place, chapter: place.optional(), lesson: place.optional() });

/** Optional narrowing to some of the caller's groups (the chips); all of them when left out. */
const groupIds = z.array(idParam).max(50).optional();
const course = { course_id: idParam };
const chapter = { ...course, chapter_id: idParam };
const lesson = { ...chapter, lesson_id: idParam };

export const attemptItem = z.object({
  attempt: id,
  time_stamp: text,
  score: z.number(),
  rating: z.number(),
  answer: text,
  /** Essay and GenAI (16, 17): the attempt's id (what /save-essay-comment-to-attempt names), the teacher's comment, max score, length. */
  id: id.optional(),
  info: text.optional(),
  max_score: z.number().optional(),
  length: id.optional(),
});
export const taskDetailRow = studentRow.extend({
  score: z.number(),
  rating: z.number(),
  passed: z.number().int(),
  teacher_score: z.number(),
  comment: text,
  attempts_count: id,
  /** The newest attempts (at most 20), newest first. */
  attempts: z.array(attemptItem),
});

/** One student as the teacher may see them (full name only if they joined one of the teacher's groups by key). */
export const studentHeader = z.object({ id, name: text, surname: text });
/** A chapter or lesson column with the student's score in it. */
export const scoredColumn = tableColumn.extend({ score_tasks: z.number(), score_programs: z.number(), passed_tasks: id, passed_programs: id });
/** One task with the student's score, whether it is passed and how many evaluations. */
export const scoredTask = taskColumn.extend({ score: z.number(), passed: z.number().int(), attempts: id });
export const studentCourse = courseForTeacher.extend({ groups: z.array(teacherGroup), chapters: z.array(scoredColumn) });
const student = { student_id: idParam };

/** spec/3 §7: the teacher's score and comment on one essay or GenAI attempt. */
const essayReview = z.object({
  attempt_id: idParam,
  score: numeric(z.number({ message: 'Must be a number' }).min(0, 'At least 0').max(MAX_SCORE_LIMIT, `At most ${MAX_SCORE_LIMIT}`)),
  comment: z.string().trim().min(1, 'The comment is required').max(ESSAY_COMMENT_MAX, `At most ${ESSAY_COMMENT_MAX} characters`),
  course_id: idParam,
  task_id: idParam,
});

export const teachingRoutes = defineDomain('teaching', (route) => ({
  getTeacherCourses: route({
    method: 'GET', path: '/get-teacher-courses', access: 'user',
    summary: 'The caller\u2019s teacher dashboard: their courses, each with the groups they see in it',
    response: z.object({ list: z.array(teacherCourse) }),
  }),
  getTeachingGroups: route({
    method: 'GET', path: '/get-teaching-groups', access: 'user',
    summary: 'Groups the caller owns or teaches (what may be added to a course)',
    response: z.object({ teach_groups: z.array(teacherGroup) }),
  }),
  getCoursesForTeacher: route({
    method: 'GET', path: '/get-courses-for-teacher', access: 'user',
    summary: 'Courses the caller may add to their dashboard (every course not on it yet)',
    response: z.object({ list: z.array(courseForTeacher) }),
  }),
  addTeacherGroup: route({
    method: 'POST', path: '/add-teacher-group', access: 'user',
    summary: 'Adds a course to the caller\u2019s teacher dashboard', body: z.object(course), response: ok,
  }),
  deleteTeacherCourse: route({
    method: 'POST', path: '/delete-teacher-course', access: 'user',
    summary: 'Removes a course from the dashboard; refused with \u2018Course contains groups\u2019 while the caller\u2019s groups remain in it',
    body: z.object(course), response: successResponse,
  }),
  deleteGroupFromCourse: route({
    method: 'POST', path: '/delete-group-from-course', access: 'user',
    summary: 'Removes one of the caller\u2019s groups from a course', body: z.object({ group_id: idParam, ...course }), response: successResponse,
  }),
  addGroupToCourse: route({
    method: 'POST', path: '/add-group-to-course', access: 'user',
    summary: 'Adds one of the caller\u2019s groups to a course of their dashboard (only a group not in it yet)',
    body: z.object({ group_id: idParam, ...course }), response: ok,
  }),
  getCoursesGroupsStudents: route({
    method: 'POST', path: '/get-courses-groups-students', access: 'user',
    summary: 'The students of the caller\u2019s groups in a course (group 0 of teacher_students: all)',
    body: z.object({ ...course, group_ids: groupIds }),
    response: z.object({ groups: z.array(teacherGroup), students: z.array(studentRow) }),
  }),
  getTeachingGroupsCourse: route({
    method: 'POST', path: '/get-teaching-groups-course', access: 'user',
    summary: 'The caller\u2019s groups in a course (the chips of the students view)', body: z.object(course),
    response: z.object({ groups: z.array(teacherGroup) }),
  }),
  getTeachingGroupsInCourse: route({
    method: 'POST', path: '/get-teaching-groups-in-course', access: 'user',
    summary: 'The course (breadcrumbs) and the caller\u2019s groups in it', body: z.object(course),
    response: tablePlace.extend({ groups: z.array(teacherGroup) }),
  }),
  getStudentsGroupsChapters: route({
    method: 'POST', path: '/get-students-groups-chapters', access: 'user',
    summary: 'Students \u00d7 chapters of a course: score columns per chapter',
    body: z.object({ ...course, group_ids: groupIds }),
    response: tablePlace.extend({ chapters: z.array(tableColumn), students: z.array(studentRow.extend({ chapters: z.array(scoreCell) })) }),
  }),
  getStudentsGroupsLessons: route({
    method: 'POST', path: '/get-students-groups-lessons', access: 'user',
    summary: 'Students \u00d7 lessons of a chapter', body: z.object({ ...chapter, group_ids: groupIds }),
    response: tablePlace.extend({ lessons: z.array(tableColumn), students: z.array(studentRow.extend({ lessons: z.array(scoreCell) })) }),
  }),
  getStudentsGroupsTasks: route({
    method: 'POST', path: '/get-students-groups-tasks', access: 'user',
    summary: 'Students \u00d7 tasks of a lesson', body: z.object({ ...lesson, group_ids: groupIds }),
    response: tablePlace.extend({ tasks: z.array(taskColumn), students: z.array(studentRow.extend({ tasks: z.array(taskCell) })) }),
  }),
  getStudentsGroupsTaskDetail: route({
    method: 'POST', path: '/get-students-groups-task-detail', access: 'user',
    summary: 'One task: each student\u2019s score and attempts', body: z.object({ ...lesson, task_id: idParam, group_ids: groupIds }),
    response: tablePlace.extend({ task: taskColumn, students: z.array(taskDetailRow) }),
  }),
  getTeachingGroupsCompetitions: route({
    method: 'POST', path: '/get-teaching-groups-competitions', access: 'user',
    summary: 'The caller\u2019s groups in a course (the Competitions tab)', body: z.object(course),
    response: z.object({ groups: z.array(teacherGroup) }),
  }),
  getStudentsGroupsCompetitions: route({
    method: 'POST', path: '/get-students-groups-competitions', access: 'user',
    summary: 'Students \u00d7 competition chapters of a course', body: z.object({ ...course, group_ids: groupIds }),
    response: z.object({
      chapters: z.array(z.object({ id, chapter_name: text, max_tasks: id, max_programs: id })),
      students: z.array(studentRow.extend({ chapters: z.array(scoreCell) })),
    }),
  }),
  getStudentDetail: route({
    method: 'POST', path: '/get-student-detail', access: 'user',
    summary: 'One student of the caller\u2019s groups: each course the caller teaches them in, with the student\u2019s score per chapter',
    body: z.object(student),
    response: z.object({ student: studentHeader, courses: z.array(studentCourse) }),
  }),
  getStudentChapter: route({
    method: 'POST', path: '/get-student-chapter', access: 'user',
    summary: 'One student in one chapter: its lessons and tasks with the student\u2019s score, passed and attempts',
    body: z.object({ ...student, chapter_id: idParam }),
    response: tablePlace.extend({
      student: studentHeader,
      chapter_score: scoredColumn,
      lessons: z.array(scoredColumn.extend({ tasks: z.array(scoredTask) })),
    }),
  }),
  saveEssayCommentToAttempt: route({
    method: 'POST', path: '/save-essay-comment-to-attempt', access: 'user',
    summary: 'The teacher\u2019s score and comment on a student\u2019s essay or GenAI attempt (a teacher of the student in the course, or an admin); the comment locks the student\u2019s editing and the score raises the task\u2019s best score as an evaluation does',
    body: essayReview,
    response: ok,
  }),
}));
