/** Figures of the attention tests' results. */

/** A median reaction time in whole milliseconds; a dash when there was none. */
export const medianText = (ms: number | null) => (ms === null ? '—' : `${Math.round(ms)} ms`);
