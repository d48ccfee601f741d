/** Query keys of the catalogue feature; lists share the 'catalogue' prefix so admin edits refresh them all. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => ['catalogue', 'categories'] as const,
  categoryPicker: () => ['catalogue', 'category-picker'] as const,
  areas: (categoryId: number) => ['catalogue', 'areas', categoryId] as const,
  courses: (areaId: number, admin: boolean) => ['catalogue', 'courses', areaId, admin] as const,
  form: (kind: 'category' | 'area' | 'course', id: number) => ['catalogue', 'form', kind, id] as const,
  course: (courseId: number) => ['course', courseId] as const,
  preview: (courseId: number) => ['course', courseId, 'preview'] as const,
  chapters: (courseId: number) => ['course', courseId, 'chapters'] as const,
  courseData: (courseId: number) => ['course', courseId, 'data'] as const,
  leaderFilters: () => ['leaderboard', 'filters'] as const,
  leaders: (filters: object, start: number) => ['leaderboard', 'page', filters, start] as const,
  leaderCourse: (userId: number) => ['leaderboard', 'leader', userId] as const,
};
