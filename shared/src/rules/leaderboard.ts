/**
 * How much one leaderboard request may read (issue 8: request amplification). The filters select
 * partitions (all, a country, a group, country × group, a course, an area); a page reads the first
 * `end` entries of each selected partition and merges them. So the cost of a request is about
 * partitions × end entries: both are capped, and so is their product.
 */
export const LEADERBOARD_LIMITS = {
  /** Distinct ids per filter (areas, courses, countries, groups). */
  idsPerFilter: 20,
  /** Partitions one request may read (countries × groups, or courses + areas). */
  partitions: 50,
  /** Entries per page (spec/1 §9). */
  pageSize: 100,
  /** partitions × end: the entries a request may read at most. */
  entriesRead: 20_000,
  /** Entries read at most to count a filter that needs per-entry checks (courses/areas with other filters). */
  countScan: 5_000,
} as const;

export interface LeaderboardFilterSizes {
  areas: number;
  courses: number;
  countries: number;
  groups: number;
}

/** How many partitions the filters select (the same rule the server's query planner follows). */
export function leaderboardPartitionCount(f: LeaderboardFilterSizes): number {
  if (f.courses || f.areas) return f.courses + f.areas;
  if (f.countries && f.groups) return f.countries * f.groups;
  return f.countries || f.groups || 1;
}

const idCount = (csv: string) => (csv ? csv.split(',').length : 0);

/** The refusal for a request beyond the limits, or null when it is allowed. */
export function leaderboardRequestProblem(b: { areas: string; courses: string; countries: string; groups: string; end: number }): string | null {
  const partitions = leaderboardPartitionCount({
    areas: idCount(b.areas),
    courses: idCount(b.courses),
    countries: idCount(b.countries),
    groups: idCount(b.groups),
  });
  if (partitions > LEADERBOARD_LIMITS.partitions) {
    return `Too many filter combinations: ${partitions} (at most ${LEADERBOARD_LIMITS.partitions}; countries × groups, or courses + areas).`;
  }
  if (partitions * b.end > LEADERBOARD_LIMITS.entriesRead) {
    return `Page too far for ${partitions} filter combinations: end may be at most ${Math.floor(LEADERBOARD_LIMITS.entriesRead / partitions)}.`;
  }
  return null;
}
