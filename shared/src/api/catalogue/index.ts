/** Catalogue domain: the public schemas and the routes. */
export { contentList, courseListItem, categoryItem, areaItem, areaCourse, previewLesson, previewChapter, contentChapter, detailScore, grantItem, leaderEntry } from './schemas';
export { catalogueRoutes } from './routes';
