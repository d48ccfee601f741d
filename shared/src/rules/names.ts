/**
 * Names of categories, areas and courses: 2-100 characters, counted as a reader sees them
 * (grapheme clusters: an emoji or a letter with accents is one). The avatar of a card is the first
 * grapheme, never half of an emoji.
 */
export const CATALOGUE_NAME_MIN = 2;
export const CATALOGUE_NAME_MAX = 100;
export const catalogueNameLengthMessage = 'A name has 2-100 characters.';

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

export function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

export const firstGrapheme = (text: string): string => graphemes(text.trim())[0] ?? '';

/** An empty name (a language left out) or one of 2-100 characters. */
export function catalogueNameFits(text: string): boolean {
  const length = graphemes(text.trim()).length;
  return length === 0 || (length >= CATALOGUE_NAME_MIN && length <= CATALOGUE_NAME_MAX);
}
