/** The chapter a locked chapter waits for: the one before it in the grid (spec/1 §4 unlock rule). */
export function chapterToFinish<C extends { chapter_name: string; active: boolean }>(chapters: C[], index: number): string | null {
  const chapter = chapters[index];
  if (!chapter || chapter.active || index === 0) return null;
  return chapters[index - 1]!.chapter_name;
}
