/** Catalogue Lambda: dashboard, categories/areas/courses, preview, course page, leaderboard, admin forms. */
import { catalogueRoutes } from '@lectio/shared/api/catalogue/routes';
import { domainHandler } from '../platform/http/router';
import { areaInAllLang, deleteArea, saveArea } from './areas';
import { categoriesForPicker, categoryInAllLang, deleteCategory, saveCategory } from './categories';
import { courseInAllLang, deleteCourse, refreshCourse, saveCourse } from './courses';
import { swapAreas, swapCategories, swapCourses } from './order';
import { areasOf, categories, coursePage, courseData, coursesOf, dashboard, preview, startCourse } from './browse';
import { leaderCourses, leaderFilterData, leadersPage, myLeaderRank, treeChange } from './leaderboard';

export const handler = domainHandler('catalogue', [catalogueRoutes], {
  getActiveUserCourses2: ({ user }) => dashboard(user.userId),
  getCategories2: ({ user }) => categories(user.userId),
  getCategories3: ({ user }) => categoriesForPicker(user.userId),
  getAreas: ({ user, params }) => areasOf(user.userId, params.id),
  areaAllCourses: ({ user, params }) => coursesOf(user, params.id, true),
  areaAllCourses2: ({ user, params }) => coursesOf(user, params.id, false),
  coursePreview: ({ user, params }) => preview(user, params.id),
  writeUserCourse: ({ user, params }) => startCourse(user, params.id),
  getActiveChapters2: ({ user, params }) => coursePage(user, params.id),
  getCourseData: ({ user, params }) => courseData(user, params.id),
  serviceRefreshCourse: ({ params }) => refreshCourse(params.id),

  getLeadersFilterData: ({ user }) => leaderFilterData(user.userId),
  getLeaders2: ({ user, body }) => leadersPage(user.userId, body),
  getMyLeaderRank: ({ user, body }) => myLeaderRank(user.userId, body),
  getLeaderCourse: ({ user, params }) => leaderCourses(user.userId, params.id),

  deleteCategory: ({ params }) => treeChange(deleteCategory(params.id)),
  deleteArea: ({ params }) => treeChange(deleteArea(params.id)),
  deleteCourse: ({ params }) => treeChange(deleteCourse(params.id)),
  categoryChangeOrder: ({ body }) => treeChange(swapCategories(body.category_id1!, body.category_order1!, body.category_id2!, body.category_order2!)),
  areaChangeOrder: ({ body }) => treeChange(swapAreas(body.area_id1!, body.area_order1!, body.area_id2!, body.area_order2!)),
  courseChangeOrder: ({ body }) => treeChange(swapCourses(body.course_id1!, body.course_order1!, body.course_id2!, body.course_order2!)),
  createEditCategory: ({ body }) => treeChange(saveCategory(body)),
  getCategoryInAllLang: ({ params }) => categoryInAllLang(params.id),
  createEditArea: ({ body }) => treeChange(saveArea(body)),
  getAreaInAllLang: ({ params }) => areaInAllLang(params.id),
  createEditCourse: ({ body }) => treeChange(saveCourse(body)),
  getCourseInAllLang: ({ params }) => courseInAllLang(params.id),
});
