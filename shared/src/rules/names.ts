/**
 * Names of categories, areas and courses: 2-100 characters, counted as a reader sees them
 * (grapheme clusters: an emoji or a letter with accents is one). The avatar of a card is the first
 * grapheme, never half of an emoji.
 */
export const CATALOGUE_NAME_MIN = 2;
export const CATALOGUE_NAME_MAX = 100;
export const catalogueNameLengthMessage = 'A name has 2-100 characters.';

/**
 * Made on first use: building a segmenter loads the engine's break data, the largest part of the web app's
 * start-up evaluation when it was built with the module (issue 20 item 22), for a rule no first screen needs.
 */
let segmenter: Intl.Segmenter | null | undefined;
const graphemeSegmenter = () =>
  (segmenter ??= typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null);

export function graphemes(text: string): string[] {
  const by = graphemeSegmenter();
  return by ? Array.from(by.segment(text), (s) => s.segment) : Array.from(text);
}

export const firstGrapheme = (text: string): string => graphemes(text.trim())[0] ?? '';

/** An empty name (a language left out) or one of 2-100 characters. */
export function catalogueNameFits(text: string): boolean {
  const length = graphemes(text.trim()).length;
  return length === 0 || (length >= CATALOGUE_NAME_MIN && length <= CATALOGUE_NAME_MAX);
}

/**
 * A course name not yet taken in its area: the name itself when free, else "Name (2)", "Name (3)" …
 * with the first free number (compared trimmed and case-insensitively, as a reader tells names
 * apart); a copy of a copy counts on ("Name (2)" gives "Name (3)", not "Name (2) (2)"). The name is
 * shortened so that the result still has at most 100 characters.
 */
export function distinctName(name: string, taken: Iterable<string>): string {
  const key = (text: string) => text.trim().toLocaleLowerCase();
  const used = new Set(Array.from(taken, key));
  if (!used.has(key(name))) return name;
  const base = name.trim().replace(/\s\(\d+\)$/, '');
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const room = CATALOGUE_NAME_MAX - suffix.length;
    const letters = graphemes(base);
    const candidate = `${(letters.length > room ? letters.slice(0, room).join('').trimEnd() : base)}${suffix}`;
    if (!used.has(key(candidate))) return candidate;
  }
}

/**
 * The names of an imported course, per language: a language whose name another course of the area
 * already has (in that language) gets the first free "Name (n)"; empty names stay empty.
 */
export function distinctNames(names: Record<string, string>, others: Array<Record<string, string> | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(names).map(([lang, name]) => [lang, name.trim() === '' ? name : distinctName(name, others.map((o) => o?.[lang] ?? ''))]),
  );
}
