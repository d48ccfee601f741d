/** The web tests' users: one student, one teacher-less admin, as get-full-user-parameters answers them. */
export const testStudent = {
  user_id: 7,
  role_id: 1,
  lang_id: 1,
  theme_id: 1,
  theme_value: 'light',
  name: 'Sara',
  surname: 'Student',
  nickname: 'student',
  email: 'student@example.com',
  yob: 2008,
  country_id: 703,
  pref_lang_id: 1,
  content_type_id: 1,
  groups: '',
  performance: { xp: 1200, coins: 35, level: 2, badges: [] as string[] },
};

export const testAdmin = {
  ...testStudent,
  user_id: 1,
  role_id: 2,
  name: 'Ada',
  surname: 'Admin',
  nickname: 'admin',
  email: 'admin@example.com',
};

export type TestUser = typeof testStudent;
