/** The demo accounts of every local cloud (printed on start; no imports, so the entry can list them before loading anything). */
export const demoAccounts = [
  { email: 'admin@example.com', password: 'admin-demo', role_id: 2, name: 'Ada', surname: 'Admin', nickname: 'admin' },
  { email: 'teacher@example.com', password: 'teacher-demo', role_id: 1, name: 'Tomas', surname: 'Teacher', nickname: 'teacher' },
  { email: 'student@example.com', password: 'student-demo', role_id: 1, name: 'Sara', surname: 'Student', nickname: 'student' },
] as const;
