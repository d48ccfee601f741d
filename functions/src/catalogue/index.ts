/**
 * The catalogue domain's public face: what other domains may use. A domain imports another only
 * through its index (lint: eslint.config.js, functionsBoundaryZones).
 */
export { NOT_LOGGED_IN_COURSE, learningChapters } from './browse';
export { countUpdates, countedStateCondition, type ChapterTypes } from './counts';
export { refreshCourse } from './courses';
export { chapters, lessons, storedChapters, tasks, userCourses } from './entities';
export { catalogueKeys } from './keys';
export { rebuildLeaderFilters } from './leaderboard';
export {
  CHAPTER,
  COMPETITION,
  inLanguage,
  textIn,
  textOr,
  type ChapterItem,
  type LessonItem,
  type UserCourseItem,
} from './model';
export {
  batchGet,
  getArea,
  getCategory,
  getCourse,
  getUserCourse,
  listAreaCourses,
  listAreas,
  listCategories,
  listChapters,
  listLessons,
  userLanguage,
} from './store';
export {
  chapterTypesOf,
  courseStructure,
  courseUserIds,
  getChapter,
  getLesson,
  nextOrderOf,
  readChapter,
  readLesson,
  storeRecount,
  type StoredChapter,
} from './structure';
export { findTask, getTask, listLessonTasks, lockedByOther, maxScoreOf, taskItem, type TaskItem } from './task-items';
export { mergeTexts, requireName } from './texts';
