/** Pure rules of the player's program pane (spec/3 §4 "Code run"). */

export type ProgramFiles = Record<string, string>;

/** Save only when at least one file is non-blank and at least one differs from the saved copy. */
export const shouldSave = (files: ProgramFiles, saved: ProgramFiles) =>
  Object.values(files).some((c) => c.trim() !== '') && Object.keys(files).some((n) => files[n] !== saved[n]);

/** The number of layouts of assignment, editor and terminal; the view switch cycles 0 … VIEW_COUNT-1. */
export const VIEW_COUNT = 6;
export const nextView = (view: number) => (view + 1) % VIEW_COUNT;

/** The learner's saved files (load-program3 `code`) over the starting code; unknown names are ignored. */
export function withSaved(defaults: ProgramFiles, code: string): ProgramFiles {
  if (!code) return defaults;
  try {
    const list = JSON.parse(code) as Array<{ filename?: unknown; filecontent?: unknown }>;
    const next = { ...defaults };
    for (const f of Array.isArray(list) ? list : []) {
      if (typeof f.filename === 'string' && f.filename in next && typeof f.filecontent === 'string') next[f.filename] = f.filecontent;
    }
    return next;
  } catch {
    return defaults;
  }
}
