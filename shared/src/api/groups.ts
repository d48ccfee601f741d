/**
 * Groups domain (spec/3 §2 "Groups page", "Teacher screens", §3, §4 "Groups", §5, §7 "Groups"): the
 * Groups page (own, joined and taught groups; create, edit, delete, leave, join with a key), the course
 * groups screen of a teacher and the student's study groups of a course. The form rules live here so
 * the server and the web forms say the same texts.
 */
import * as z from 'zod';
import { defineDomain, idParam } from '../registry';
import { grantItem, named } from './catalogue/schemas';
import { groupTexts } from './plain-texts';

const id = z.number().int();
const text = z.string();
const byCourse = z.object({ courseId: idParam });

// ---- Texts of spec/3 §5 and §8 ------------------------------------------------------------------

export { groupTexts };

/** Longest name or key on the Groups page (the spec sets only the minimum, 5). */
export const GROUP_TEXT_MAX = 100;
/** Course groups: names and keys 5-30 characters (spec/3 §9). */
export const COURSE_GROUP_TEXT_MIN = 5;
export const COURSE_GROUP_TEXT_MAX = 30;
/** How many groups the Groups page offers to join (the newest). */
export const JOINABLE_GROUPS_LIMIT = 500;

const pageText = z.string().trim().max(GROUP_TEXT_MAX, `At most ${GROUP_TEXT_MAX} characters`);
const keyInput = z.string().max(GROUP_TEXT_MAX, `At most ${GROUP_TEXT_MAX} characters`).optional().default('');

/** 0 private (keys), 1 public: numbers, or the booleans/strings some clients send. */
const groupTypeInput = z.preprocess(
  (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { message: 'Must be 0 (private) or 1 (public)' }),
);

/** The Groups page's rules: name at least 5; a private group's two keys at least 5 (spec/3 §5). */
export function checkGroupFields(v: { name: string; group_key: string; teacher_key: string; isPrivate: boolean }, ctx: z.RefinementCtx) {
  if (v.name.trim().length < 5) ctx.addIssue({ code: 'custom', path: ['name'], message: groupTexts.nameMin });
  if (!v.isPrivate) return;
  if (v.group_key.trim().length < 5) ctx.addIssue({ code: 'custom', path: ['group_key'], message: groupTexts.groupKeyMin });
  if (v.teacher_key.trim().length < 5) ctx.addIssue({ code: 'custom', path: ['teacher_key'], message: groupTexts.teacherKeyMin });
}

export const addGroupBody = z
  .object({ name: pageText, group_key: keyInput, teacher_key: keyInput, group_type: groupTypeInput.optional().default(0) })
  .superRefine((v, ctx) => checkGroupFields({ ...v, isPrivate: v.group_type === 0 }, ctx));

export const changeGroupBody = z
  .object({ id: idParam, name: pageText, group_key: keyInput, teacher_key: keyInput, public: groupTypeInput.optional().default(0) })
  .superRefine((v, ctx) => checkGroupFields({ ...v, isPrivate: v.public === 0 }, ctx));

/** A course group's name or key: required, 5-30 characters (spec/3 §5). */
export const courseGroupText = z
  .string()
  .trim()
  .min(1, groupTexts.required)
  .min(COURSE_GROUP_TEXT_MIN, groupTexts.length)
  .max(COURSE_GROUP_TEXT_MAX, groupTexts.length);

export const courseGroupForm = z.object({ group_name: courseGroupText, group_key: courseGroupText, teacher_key: courseGroupText });
export type CourseGroupForm = z.infer<typeof courseGroupForm>;

// ---- Shapes ------------------------------------------------------------------------------------

export const groupSummary = z.object({ id, name: text, type: id });
export const ownGroup = groupSummary.extend({ group_key: text, teacher_key: text });
/** A group the caller teaches: its group key is what the teacher hands to students. */
export const taughtGroup = groupSummary.extend({ group_key: text });

export const courseGroup = z.object({ id, group_name: text, group_key: text, teacher_key: text, archived: id });
/** A group of the course the caller may start teaching (no keys: another teacher's needs its teacher key). */
export const teachableGroup = z.object({ id, group_name: text, own: id });
/** A study group as the student sees it (type 1: public, no key needed). */
export const studentGroup = z.object({ id, group_name: text, type: id });

const crumbs = { category: named, area: named, course: named };

export const groupRoles = ['owner', 'teacher', 'member'] as const;

export const groupsRoutes = defineDomain('groups', (route) => ({
  getMyGroups: route({
    method: 'GET', path: '/get-my-groups', access: 'user',
    summary: 'The Groups page: groups to join, and the caller\u2019s created, joined and taught groups',
    response: z.object({
      groups: z.array(groupSummary),
      my_owns: z.array(ownGroup),
      my_groups: z.array(groupSummary),
      teach_groups: z.array(taughtGroup),
    }),
  }),
  addGroup: route({
    method: 'POST', path: '/add-group', access: 'user',
    summary: 'Creates a group owned by the caller (private groups need a group key and a teacher key)',
    body: addGroupBody,
    response: z.object({ message: z.literal('OK'), id }),
  }),
  changeGroup: route({
    method: 'POST', path: '/change-group', access: 'user',
    summary: 'Changes the name, keys and type of a group the caller owns',
    body: changeGroupBody,
    response: z.object({ message: z.literal('OK') }),
  }),
  deleteGroup: route({
    method: 'POST', path: '/delete-group', access: 'user',
    summary: 'Owner: deletes the group; teacher: stops teaching it; member: leaves it',
    body: z.object({ group_type: z.enum(groupRoles), id: idParam }),
    response: z.object({ message: z.literal('OK') }),
  }),
  addToGroup: route({
    method: 'POST', path: '/add-to-group', access: 'user',
    summary: 'Joins a group as member (list_type 1, group key) or teacher (list_type 2, teacher key); owners need no key',
    body: z.object({
      list_type: z.union([z.literal(1), z.literal(2)], { message: 'Must be 1 (member) or 2 (teacher)' }),
      id: idParam,
      group_key: keyInput,
      teacher_key: keyInput,
      group_type: groupTypeInput.optional(),
    }),
    response: z.object({ message: z.literal('OK') }),
  }),

  getCourseGroups: route({
    method: 'GET', path: '/get-course-groups/{courseId}', access: 'user',
    summary: 'The groups the caller created and teaches in a course, with the breadcrumbs and the caller\u2019s course grants',
    params: byCourse,
    response: z.object({
      message: z.literal('OK'),
      ...crumbs,
      created_groups: z.array(courseGroup),
      teaching_groups: z.array(courseGroup),
      permissions: z.array(grantItem),
    }),
  }),
  editCourseGroup: route({
    method: 'POST', path: '/edit-course-group', access: 'user',
    summary: 'Creates (group_id 0) a private group of the course owned by the caller, or changes one the caller owns',
    body: courseGroupForm.extend({ group_id: idParam, course_id: idParam }),
    response: z.object({ message: z.literal('OK'), id }),
  }),
  getAllTeacherCourseGroups: route({
    method: 'GET', path: '/get-all-teacher-course-groups/{courseId}', access: 'user',
    summary: 'Groups of the course the caller does not teach yet (to start teaching one)',
    params: byCourse,
    response: z.object({ teaching_groups: z.array(teachableGroup) }),
  }),
  addTeacherToGroup: route({
    method: 'POST', path: '/add-teacher-to-group', access: 'user',
    summary: 'Starts teaching a group of the course: the owner needs no key, anyone else its teacher key',
    body: z.object({ group_id: idParam, teacher_key: keyInput, course_id: idParam }),
    response: z.object({ message: z.literal('OK'), group_key: text }),
  }),
  stopTeachingGroup: route({
    method: 'POST', path: '/stop-teaching-group', access: 'user',
    summary: 'Stops teaching a group of the course',
    body: z.object({ group_id: idParam, course_id: idParam }),
    response: z.object({ message: z.literal('OK') }),
  }),
  changeArchiveGroup: route({
    method: 'POST', path: '/change-archive-group', access: 'user',
    summary: 'Archives or unarchives a group in the caller\u2019s created or teaching list of the course',
    body: z.object({ group_id: idParam, operation_type: z.enum(['created', 'teaching']), course_id: idParam }),
    response: z.object({ message: z.literal('OK'), archived: id }),
  }),
  deleteCourseGroup: route({
    method: 'POST', path: '/delete-course-group', access: 'user',
    summary: 'Deletes a group of the course the caller owns, with its members and teachers',
    body: z.object({ group_id: idParam, course_id: idParam }),
    response: z.object({ message: z.literal('success') }),
  }),

  getStudentCourseGroups: route({
    method: 'GET', path: '/get-student-course-groups/{courseId}', access: 'user',
    summary: 'The caller\u2019s study groups in a course, with the breadcrumbs',
    params: byCourse,
    response: z.object({ message: z.literal('OK'), groups: z.array(studentGroup), ...crumbs }),
  }),
  getAllStudentCourseGroups: route({
    method: 'GET', path: '/get-all-student-course-groups/{courseId}', access: 'user',
    summary: 'Groups of the course the caller may join (not a member yet)',
    params: byCourse,
    response: z.object({ groups: z.array(studentGroup) }),
  }),
  addStudentToCourseGroup: route({
    method: 'POST', path: '/add-student-to-course-group', access: 'user',
    summary: 'Joins a group of the course as a student (a private group needs its group key)',
    body: z.object({ group_id: idParam, group_key: keyInput, course_id: idParam }),
    response: z.object({ message: z.literal('OK') }),
  }),
  leaveCourseGroup: route({
    method: 'POST', path: '/leave-course-group', access: 'user',
    summary: 'Leaves one of the caller\u2019s study groups of the course',
    body: z.object({ group_id: idParam, course_id: idParam }),
    response: z.object({ message: z.literal('OK') }),
  }),
}));
