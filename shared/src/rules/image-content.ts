/**
 * Uploaded images are checked by their content, not their name or declared type: a PNG starts with
 * the PNG signature, an SVG is a document whose root element is <svg>. A text file renamed to .svg
 * is refused ('Please upload a valid file.'). Runs on the server (zod schema) and in the browser.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function hasPngSignature(bytes: ArrayLike<number>): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** The document's root element is <svg> and the document ends with it (prolog, comments and doctype allowed before). */
export function isSvgDocument(text: string): boolean {
  let rest = text.replace(/^\uFEFF/, '').trim();
  rest = rest.replace(/^<\?xml[\s\S]*?\?>/, '').trim();
  for (;;) {
    const skipped = rest.replace(/^<!--[\s\S]*?-->/, '').replace(/^<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '').trim();
    if (skipped === rest) break;
    rest = skipped;
  }
  if (!/^<svg[\s>/]/.test(rest)) return false;
  return /<\/svg\s*>$/.test(rest) || /^<svg\b[^<>]*\/>$/.test(rest);
}

/** The bytes of a data URL (base64 or percent-encoded), or null when it is not one. */
export function dataUrlBytes(dataUrl: string): Uint8Array | null {
  const match = /^data:([^,]*?),([\s\S]*)$/.exec(dataUrl);
  if (!match) return null;
  try {
    if (!match[1]!.endsWith(';base64')) return new TextEncoder().encode(decodeURIComponent(match[2]!));
    return Uint8Array.from(atob(match[2]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Does the data URL hold an image of this kind (by content)? */
export function imageContentMatches(dataUrl: string, kind: 'svg' | 'png'): boolean {
  const bytes = dataUrlBytes(dataUrl);
  if (!bytes) return false;
  if (kind === 'png') return hasPngSignature(bytes);
  return isSvgDocument(new TextDecoder().decode(bytes));
}
