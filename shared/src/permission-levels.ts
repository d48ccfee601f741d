/** System permission levels of spec/1 §6; course-level grants carry one of these role codes. */
export const permissionLevels = {
  admin: 10000,
  system_content_creator: 1000,
  course_content_creator: 500,
  course_content_translator: 495,
  chapter_content_creator: 490,
  chapter_content_translator: 485,
  test_creator: 450,
  test_translator: 445,
  competition_creator: 400,
  competition_translator: 395,
  teacher: 200,
  assignment_creator: 100,
} as const;
export type RoleCode = keyof typeof permissionLevels;

/** role_id 2 is the administrator; every other role_id is a regular user. */
export const ADMIN_ROLE_ID = 2;
export const USER_ROLE_ID = 1;
export const isAdminRole = (roleId: number) => roleId === ADMIN_ROLE_ID;
