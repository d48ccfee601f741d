/**
 * The reset code of spec/1 §4/§9 is typed in three parts of four characters (e.g. K7PQ-2QXM-9MZA).
 * Pasting the whole code into any part fills the parts from there on; the parts are sent joined
 * by dashes.
 */
export const CODE_PARTS = 3;
export const CODE_PART_LENGTH = 4;

export type CodeParts = [string, string, string];

export const emptyCode = (): CodeParts => ['', '', ''];

/** Letters and digits only, upper case: what a part may hold. */
export const normaliseCodeText = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The value of one part after typing: normalised and cut to four characters. */
export const partValue = (text: string) => normaliseCodeText(text).slice(0, CODE_PART_LENGTH);

/**
 * Spreads pasted text over the parts starting at `index`; null when the text fits the one part
 * (the input handles a short paste itself).
 */
export function distributeCode(parts: CodeParts, index: number, pasted: string): CodeParts | null {
  const chars = normaliseCodeText(pasted);
  if (chars.length <= CODE_PART_LENGTH) return null;
  const next = [...parts] as CodeParts;
  for (let i = index, offset = 0; i < CODE_PARTS && offset < chars.length; i += 1, offset += CODE_PART_LENGTH) {
    next[i] = chars.slice(offset, offset + CODE_PART_LENGTH);
  }
  return next;
}

/** The part to focus after a paste: the first one not full, else the last. */
export const firstIncompletePart = (parts: CodeParts) => {
  const index = parts.findIndex((p) => p.length < CODE_PART_LENGTH);
  return index === -1 ? CODE_PARTS - 1 : index;
};

export const joinCode = (parts: CodeParts) => parts.map(partValue).join('-');
