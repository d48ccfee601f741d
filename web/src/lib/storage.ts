/**
 * Local storage of the session (spec/1 §4): token, role, user id, redirect, confirm, plus the UI
 * choices lang and theme. Every key the web writes is named here; nothing else touches storage.
 */
export const storageKeys = {
  token: 'token',
  role: 'role',
  userId: 'user_id',
  redirect: 'redirect',
  confirm: 'confirm',
  lang: 'lang',
  theme: 'theme',
  /** The task type a new-task editor opens with (spec/2 §2.1). */
  qtype: 'qtype',
  /** The list editors' remembered language per course: JSON { courseId: langId } (spec/2 §2.5). */
  courseLanguages: 'course_lang',
  /** The teacher's chosen group chips per course: JSON { courseId: groupIds } (spec/3 "Teacher screens"). */
  studentGroups: 'student_groups',
} as const;
export type StorageKey = keyof typeof storageKeys;

/** Storage can throw (private mode, disabled cookies); the app then runs without persistence. */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    return safe(() => window.localStorage.getItem(storageKeys[key]), null);
  },
  set(key: StorageKey, value: string): void {
    safe(() => window.localStorage.setItem(storageKeys[key], value), undefined);
  },
  remove(key: StorageKey): void {
    safe(() => window.localStorage.removeItem(storageKeys[key]), undefined);
  },
  /** Logout and an expired session clear everything (spec/1 §4). */
  clearAll(): void {
    safe(() => window.localStorage.clear(), undefined);
  },
  /** The saved redirect is used once: reading it removes it. */
  takeRedirect(): string | null {
    const value = storage.get('redirect');
    if (value !== null) storage.remove('redirect');
    return value;
  },
};
