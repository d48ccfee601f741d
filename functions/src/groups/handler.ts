/** Groups Lambda: the Groups page, the course groups screen of a teacher and a student's study groups. */
import { groupsRoutes } from '@lectio/shared/api/groups';
import { domainHandler } from '../platform/http/router';
import { addTeacherToGroup, changeArchive, courseGroups, deleteCourseGroup, editCourseGroup, stopTeaching, teachableGroups } from './course-groups';
import { addGroup, addToGroup, changeGroup, deleteGroup, myGroups } from './my-groups';
import { joinCourseGroup, joinableCourseGroups, leaveCourseGroup, studentCourseGroups } from './student-groups';

export const handler = domainHandler('groups', [groupsRoutes], {
  getMyGroups: ({ user }) => myGroups(user),
  addGroup: ({ user, body }) => addGroup(user, body),
  changeGroup: ({ user, body }) => changeGroup(user, body),
  deleteGroup: ({ user, body }) => deleteGroup(user, body.group_type, body.id),
  addToGroup: ({ user, body }) => addToGroup(user, body),
  getCourseGroups: ({ user, params }) => courseGroups(user, params.courseId),
  editCourseGroup: ({ user, body }) => editCourseGroup(user, body),
  getAllTeacherCourseGroups: ({ user, params }) => teachableGroups(user, params.courseId),
  addTeacherToGroup: ({ user, body }) => addTeacherToGroup(user, body),
  stopTeachingGroup: ({ user, body }) => stopTeaching(user, body.group_id, body.course_id),
  changeArchiveGroup: ({ user, body }) => changeArchive(user, body.group_id, body.operation_type, body.course_id),
  deleteCourseGroup: ({ user, body }) => deleteCourseGroup(user, body.group_id, body.course_id),
  getStudentCourseGroups: ({ user, params }) => studentCourseGroups(user, params.courseId),
  getAllStudentCourseGroups: ({ user, params }) => joinableCourseGroups(user, params.courseId),
  addStudentToCourseGroup: ({ user, body }) => joinCourseGroup(user, body),
  leaveCourseGroup: ({ user, body }) => leaveCourseGroup(user, body.group_id, body.course_id),
});
