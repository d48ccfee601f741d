/**
 * The group chips' choice, kept in local storage under `student_groups` (spec/3 "Teacher screens"):
 * JSON { courseId: [groupId, …] }. An empty choice means every group of the caller.
 */
import { storage } from '@/lib/storage';

type Choices = Record<string, number[]>;

function read(): Choices {
  try {
    const parsed = JSON.parse(storage.get('studentGroups') ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Choices) : {};
  } catch {
    return {};
  }
}

export function storedGroups(courseId: number): number[] {
  const ids = read()[String(courseId)];
  return Array.isArray(ids) ? ids.filter((id) => Number.isInteger(id) && id > 0) : [];
}

export function storeGroups(courseId: number, ids: number[]): void {
  storage.set('studentGroups', JSON.stringify({ ...read(), [String(courseId)]: ids }));
}

/** Names in headers are cut to 15 characters (spec/3 §9). */
export const cut = (text: string, length = 15) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** A score as a share of its maximum, 0-100 (0 when there is no maximum). */
export const share = (score: number, max: number) => (max > 0 ? Math.max(0, Math.min(100, Math.round((score / max) * 100))) : 0);
