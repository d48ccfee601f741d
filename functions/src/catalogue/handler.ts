/** Catalogue Lambda: dashboard, categories/areas/courses, preview, course page, leaderboard, admin forms. */
import { domainHandler } from '../platform/http/router';
import { countryList, countryName } from '../accounts/countries';
import { groupNamesByIds, registrationGroups } from '../accounts/registration-groups';
import { areaInAllLang, deleteArea, saveArea } from './areas';
import { categoriesForPicker, categoryInAllLang, deleteCategory, saveCategory } from './categories';
import { courseInAllLang, deleteCourse, refreshCourse, saveCourse } from './courses';
import { swapAreas, swapCategories, swapCourses } from './order';
import { areasOf, categories, coursePage, courseData, coursesOf, dashboard, preview, startCourse } from './browse';
import { leaderboardPage, myRank, toLeaderEntry } from './leaderboard';
import { findUserById } from '../accounts/users';
import { NotFound } from '../platform/http/errors';
import { batchGet, listAreaCourses, listAreas, listCategories, listUserCourses, userLanguage } from './store';
import { progressPercent } from '@lectio/shared';
import { keys } from '../platform/db/keys';
import { textOr, type CourseItem } from './model';

const ids = (list: string) => (list ? list.split(',').map(Number) : []);

export const handler = domainHandler('catalogue', {
  getActiveUserCourses2: ({ user }) => dashboard(user.userId),
  getCategories2: ({ user }) => categories(user.userId),
  getCategories3: async ({ user }) => categoriesForPicker(await userLanguage(user.userId)),
  getAreas: ({ user, params }) => areasOf(user.userId, params.id),
  areaAllCourses: ({ user, params }) => coursesOf(user, params.id, true),
  areaAllCourses2: ({ user, params }) => coursesOf(user, params.id, false),
  coursePreview: ({ user, params }) => preview(user, params.id),
  writeUserCourse: ({ user, params }) => startCourse(user, params.id),
  getActiveChapters2: ({ user, params }) => coursePage(user, params.id),
  getCourseData: ({ user, params }) => courseData(user, params.id),
  serviceRefreshCourse: ({ params }) => refreshCourse(params.id),

  getLeadersFilterData: async ({ user }) => {
    const langId = await userLanguage(user.userId);
    const cats = await listCategories();
    const areas = (await Promise.all(cats.map((c) => listAreas(c.category_id)))).flat();
    const courses = (await Promise.all(areas.map((a) => listAreaCourses(a.area_id)))).flat();
    return {
      areas: areas.map((a) => ({ id: a.area_id, name: textOr(a.names, langId) })),
      courses: courses.map((c) => ({ id: c.course_id, name: textOr(c.names, langId) })),
      countries: countryList(langId),
      groups: await registrationGroups(),
    };
  },

  getLeaders2: async ({ user, body }) => {
    const langId = await userLanguage(user.userId);
    const groupNames = await groupNamesByIds(ids(body.groups));
    const page = await leaderboardPage(
      {
        areas: ids(body.areas),
        courses: ids(body.courses),
        countries: ids(body.countries),
        groups: ids(body.groups).map((id) => groupNames.get(id) ?? `#${id}`),
      },
      body.start,
      body.end,
    );
    return {
      count: page.count,
      list: page.rows.length ? page.rows.map((r) => toLeaderEntry(r, (id) => countryName(id, langId))) : ('empty' as const),
    };
  },

  getMyLeaderRank: async ({ user, body }) => {
    const [me, groupNames] = await Promise.all([findUserById(user.userId), groupNamesByIds(ids(body.groups))]);
    if (!me) throw new NotFound('User not found.');
    const { rank, capped } = await myRank(
      { user_id: me.user_id, nickname: me.nickname, xp: Number(me.xp ?? 0), country_id: Number(me.country_id), groups: String(me.groups ?? '') },
      {
        areas: ids(body.areas),
        courses: ids(body.courses),
        countries: ids(body.countries),
        groups: ids(body.groups).map((id) => groupNames.get(id) ?? `#${id}`),
      },
    );
    return { message: 'OK' as const, rank, capped };
  },

  getLeaderCourse: async ({ user, params }) => {
    const langId = await userLanguage(user.userId);
    const mine = await listUserCourses(params.id);
    const courses = new Map((await batchGet<CourseItem>(mine.map((uc) => keys.course(uc.course_id)))).map((c) => [c.course_id, c]));
    return {
      list: mine
        .filter((uc) => courses.has(uc.course_id))
        .map((uc) => {
          const c = courses.get(uc.course_id)!;
          const done = Number(uc.content_passed ?? 0) + Number(uc.task_passed ?? 0) + Number(uc.program_passed ?? 0);
          const total = Number(c.content_count ?? 0) + Number(c.task_count ?? 0) + Number(c.program_count ?? 0);
          return {
            name: textOr(c.names, langId),
            progress: progressPercent(done, total),
            score: Number(uc.score_task ?? 0) + Number(uc.score_program ?? 0),
            max: Number(c.max_score_task ?? 0) + Number(c.max_score_program ?? 0),
          };
        }),
    };
  },

  deleteCategory: ({ params }) => deleteCategory(params.id),
  deleteArea: ({ params }) => deleteArea(params.id),
  deleteCourse: ({ params }) => deleteCourse(params.id),
  categoryChangeOrder: ({ body }) => swapCategories(body.category_id1!, body.category_order1!, body.category_id2!, body.category_order2!),
  areaChangeOrder: ({ body }) => swapAreas(body.area_id1!, body.area_order1!, body.area_id2!, body.area_order2!),
  courseChangeOrder: ({ body }) => swapCourses(body.course_id1!, body.course_order1!, body.course_id2!, body.course_order2!),
  createEditCategory: ({ body }) => saveCategory(body),
  getCategoryInAllLang: ({ params }) => categoryInAllLang(params.id),
  createEditArea: ({ body }) => saveArea(body),
  getAreaInAllLang: ({ params }) => areaInAllLang(params.id),
  createEditCourse: ({ body }) => saveCourse(body),
  getCourseInAllLang: ({ params }) => courseInAllLang(params.id),
});
