/**
 * Key builders of the catalogue domain: the tree categories → areas → courses → chapters / lessons /
 * tasks, a user's courses, and the leaderboard partitions.
 */
import { keys, pad } from '../platform/db/keys';

const MAX_XP = 999_999_999;

export const catalogueKeys = {
  category: (id: number) => ({ pk: 'CATALOGUE', sk: `CATEGORY#${pad(id)}` }),
  categories: () => ({ pk: 'CATALOGUE', prefix: 'CATEGORY#' }),
  area: (categoryId: number, id: number) => ({ pk: `CATEGORY#${categoryId}`, sk: `AREA#${pad(id)}` }),
  areasOf: (categoryId: number) => ({ pk: `CATEGORY#${categoryId}`, prefix: 'AREA#' }),
  /** A course's listing item in its area (names, counts, order). */
  courseInArea: (areaId: number, id: number) => ({ pk: `AREA#${areaId}`, sk: `COURSE#${pad(id)}` }),
  coursesOf: (areaId: number) => ({ pk: `AREA#${areaId}`, prefix: 'COURSE#' }),
  course: keys.courseMeta,
  /** The course's partition (META, chapters, lessons, tasks). */
  coursePartition: (id: number) => `COURSE#${id}`,
  chapter: (courseId: number, id: number) => ({ pk: `COURSE#${courseId}`, sk: `CHAPTER#${pad(id)}` }),
  chaptersOf: (courseId: number) => ({ pk: `COURSE#${courseId}`, prefix: 'CHAPTER#' }),
  lesson: (courseId: number, id: number) => ({ pk: `COURSE#${courseId}`, sk: `LESSON#${pad(id)}` }),
  lessonsOf: (courseId: number) => ({ pk: `COURSE#${courseId}`, prefix: 'LESSON#' }),
  task: (courseId: number, id: number) => ({ pk: `COURSE#${courseId}`, sk: `TASK#${pad(id)}` }),
  /** GSI1 entry of a task in its lesson (tasks of a lesson; a move rewrites it). */
  taskInLesson: (lessonId: number, id: number) => ({ gsi1pk: `LESSONTASKS#${lessonId}`, gsi1sk: `TASK#${pad(id)}` }),
  /** GSI1 partition of a lesson's tasks. */
  lessonTasks: (lessonId: number) => `LESSONTASKS#${lessonId}`,
  userCourse: (userId: number, courseId: number) => ({ pk: `USER#${userId}`, sk: `UCOURSE#${pad(courseId)}` }),
  userCourses: (userId: number) => ({ pk: `USER#${userId}`, prefix: 'UCOURSE#' }),
  /** GSI1: the users who started a course. */
  courseUsersIndex: (courseId: number, userId: number) => ({ gsi1pk: `COURSEUSERS#${courseId}`, gsi1sk: `USER#${userId}` }),
  /** GSI1 partition of the users who started a course. */
  courseUsers: (courseId: number) => `COURSEUSERS#${courseId}`,
  /** The user id of a COURSEUSERS# index entry's sort key (`USER#{id}`); NaN for anything else. */
  userOfCourseUsersEntry: (gsi1sk: string) => (gsi1sk.startsWith('USER#') ? Number(gsi1sk.slice('USER#'.length)) : Number.NaN),
  /**
   * The structure of a course in its partition: chapters, lessons and tasks lie between `CHAPTER#` and
   * `TASK#~` (`sk BETWEEN from AND to`).
   */
  courseStructure: (courseId: number) => ({ pk: `COURSE#${courseId}`, from: 'CHAPTER#', to: 'TASK#~' }),
  /** Sort-key prefixes of the course partition's item kinds. */
  isChapter: (sk: unknown) => String(sk).startsWith('CHAPTER#'),
  isLesson: (sk: unknown) => String(sk).startsWith('LESSON#'),
  isTask: (sk: unknown) => String(sk).startsWith('TASK#'),
  isUserCourse: (sk: unknown) => String(sk).startsWith('UCOURSE#'),
  /** The leaderboard partition `LB#{part}`; parts come from `leaderboardPart`. */
  leaderboard: (part: string) => `LB#${part}`,
  /**
   * A leaderboard entry's sort key: more XP sorts first (999 999 999 − XP, nine digits), then the lower user
   * id (ten digits), so a Query in key order reads the ranking.
   */
  leaderSortKey: (xp: number, userId: number) =>
    `${String(MAX_XP - Math.min(MAX_XP, Math.max(0, xp))).padStart(9, '0')}#${String(userId).padStart(10, '0')}`,
  /** A learner's entry in a leaderboard partition (sort key: `leaderSortKey(xp, userId)`). */
  leaderEntry: (part: string, sortKey: string) => ({ pk: `LB#${part}`, sk: sortKey }),
  /** The leaderboard's partitions: everyone, a country, a group, both, a started course, an area. */
  leaderboardPart: {
    all: 'ALL',
    country: (countryId: number) => `C#${countryId}`,
    group: (group: string) => `G#${group}`,
    countryGroup: (countryId: number, group: string) => `C#${countryId}#G#${group}`,
    course: (courseId: number) => `CRS#${courseId}`,
    area: (areaId: number) => `AREA#${areaId}`,
    isCourseOrArea: (part: string) => part.startsWith('CRS#') || part.startsWith('AREA#'),
  },
  /** The projection of the leaderboard's filter lists (areas and courses with their names). */
  leaderFilters: () => ({ pk: 'CATALOGUE', sk: 'LEADERFILTERS' }),
  leaderboardCount: (part: string) => ({ pk: 'LBCOUNT', sk: part }),
};
