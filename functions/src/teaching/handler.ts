/** Teaching Lambda: the teacher dashboard and the student tables (spec/3 §7 "Teacher"). */
import { teachingRoutes } from '@lectio/shared/api/teaching';
import { domainHandler } from '../platform/http/router';
import { addGroupToCourse, addTeacherCourse, coursesForTeacher, deleteGroupFromCourse, deleteTeacherCourse, teacherCourseList, teachingGroups } from './dashboard';
import { chaptersTable, competitionsTable, groupsInCourse, groupsInCourseWithPlace, lessonsTable, studentsOfCourse, taskDetail, tasksTable } from './tables';
import { studentChapter, studentDetail } from './student';
import { saveEssayComment } from './essay-review';

export const handler = domainHandler('teaching', [teachingRoutes], {
  getTeacherCourses: ({ user }) => teacherCourseList(user),
  getTeachingGroups: ({ user }) => teachingGroups(user),
  getCoursesForTeacher: ({ user }) => coursesForTeacher(user),
  addTeacherGroup: ({ user, body }) => addTeacherCourse(user, body.course_id),
  deleteTeacherCourse: ({ user, body }) => deleteTeacherCourse(user, body.course_id),
  deleteGroupFromCourse: ({ user, body }) => deleteGroupFromCourse(user, body.group_id, body.course_id),
  addGroupToCourse: ({ user, body }) => addGroupToCourse(user, body.group_id, body.course_id),
  getCoursesGroupsStudents: ({ user, body }) => studentsOfCourse(user, body.course_id, body.group_ids),
  getTeachingGroupsCourse: ({ user, body }) => groupsInCourse(user, body.course_id),
  getTeachingGroupsInCourse: ({ user, body }) => groupsInCourseWithPlace(user, body.course_id),
  getStudentsGroupsChapters: ({ user, body }) => chaptersTable(user, body.course_id, body.group_ids),
  getStudentsGroupsLessons: ({ user, body }) => lessonsTable(user, body.course_id, body.chapter_id, body.group_ids),
  getStudentsGroupsTasks: ({ user, body }) => tasksTable(user, body.course_id, body.chapter_id, body.lesson_id, body.group_ids),
  getStudentsGroupsTaskDetail: ({ user, body }) => taskDetail(user, body.course_id, body.chapter_id, body.lesson_id, body.task_id, body.group_ids),
  getTeachingGroupsCompetitions: ({ user, body }) => groupsInCourse(user, body.course_id),
  getStudentsGroupsCompetitions: ({ user, body }) => competitionsTable(user, body.course_id, body.group_ids),
  getStudentDetail: ({ user, body }) => studentDetail(user, body.student_id),
  getStudentChapter: ({ user, body }) => studentChapter(user, body.student_id, body.chapter_id),
  saveEssayCommentToAttempt: ({ user, body }) => saveEssayComment(user, body),
});
