/**
 * Students' names for the tables, kept 60 seconds per container: a table of 30 students would
 * otherwise read 30 profiles (15 read units) on every refresh. A renamed student shows the new name
 * within a minute.
 */
import { userNamesByIds, type UserName } from '../accounts';

const NAMES_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;
const cache = new Map<number, { at: number; value: UserName | undefined }>();

export async function studentNames(ids: number[], now = Date.now()): Promise<Map<number, UserName | undefined>> {
  const missing = [...new Set(ids)].filter((id) => {
    const hit = cache.get(id);
    return !hit || now - hit.at >= NAMES_TTL_MS;
  });
  if (missing.length) {
    const loaded = await userNamesByIds(missing);
    for (const id of missing) {
      cache.delete(id);
      cache.set(id, { at: now, value: loaded.get(id) });
    }
    // The oldest entries go first.
    for (const key of cache.keys()) {
      if (cache.size <= MAX_ENTRIES) break;
      cache.delete(key);
    }
  }
  return new Map(ids.map((id) => [id, cache.get(id)?.value]));
}
