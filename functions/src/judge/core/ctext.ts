/**
 * The C-library text behaviour VPL's evaluator relies on (C locale `isspace`/`isalnum`, `atoi`, `atof`,
 * `printf("%.Nf")` with glibc's round-half-even on exact ties, iostream number extraction), re-implemented
 * so that Lectio's verdicts and report text are the same as VPL's, byte for byte.
 */

/** C `isspace` in the C locale. */
export const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
export const isDigit = (c: string) => c >= '0' && c <= '9';
/** C `isalnum`, plus every non-ASCII character (VPL counts bytes ≥ 0x80, i.e. UTF-8 letters, as word characters). */
export const isWordChar = (c: string) => isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c.charCodeAt(0) >= 0x80;
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

export function trim(text: string): string {
  let b = 0;
  let e = text.length - 1;
  while (b < text.length && isSpace(text[b]!)) b++;
  while (e >= b && isSpace(text[e]!)) e--;
  return text.slice(b, e + 1);
}

/** ASCII-only lower case, as `tolower` in the C locale. */
export const toLowerAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Text without a single NL keeps its CRs as NLs (old Mac files); otherwise every CR is dropped. */
export function removeCRs(text: string): string {
  if (!text.includes('\n')) return text.replace(/\r/g, '\n');
  return text.replace(/\r/g, '');
}

/** Lines split on NL; a CR before the NL is dropped; a final line without NL is kept. */
export function splitLines(data: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i] === '\n') {
      let end = i;
      if (i > 0 && data[i - 1] === '\r') end--;
      lines.push(data.slice(start, Math.max(start, end)));
      start = i + 1;
    }
  }
  if (start < data.length) {
    let end = data.length;
    if (data[end - 1] === '\r') end--;
    lines.push(data.slice(start, end));
  }
  return lines;
}

/** Every line prefixed with '>' (VPL's report shows program input and output this way). */
export const caseFormat = (text: string) =>
  splitLines(text)
    .map((l) => `>${l}\n`)
    .join('');

/** A statement name: only its letters, lower-cased, plus the '=' (so "Fail message =" → "failmessage="). */
export function normalizeTag(text: string): string {
  let res = '';
  for (const c of text) if (isAlpha(c) || c === '=') res += c.toLowerCase();
  return res;
}

/** C `atoi`: leading blanks, optional sign, digits; anything else stops it; nothing gives 0. */
export function atoi(text: string): number {
  const m = /^[ \t\n\v\f\r]*([+-]?\d+)/.exec(text);
  if (!m) return 0;
  const v = Number(m[1]);
  // int overflow is undefined in C; glibc's strtol clamps and atoi truncates to 32 bits.
  return Math.max(-2147483648, Math.min(2147483647, v)) | 0;
}

/** C `atof` (decimal forms; the hex and inf/nan spellings are not used in test case files). */
export function atof(text: string): number {
  const m = /^[ \t\n\v\f\r]*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)/.exec(text);
  return m ? Number(m[1]) : 0;
}

/** C `float` arithmetic (VPL keeps grades in single precision). */
export const f32 = Math.fround;

/** printf("%.{digits}f", value) with glibc's rounding: exact binary ties go to the even digit. */
export function cFixed(value: number, digits: number): string {
  const scale = 10 ** digits;
  const scaled = Math.abs(value) * scale;
  // grades are small numbers of single precision, so `scaled` is exact and a tie is a true tie
  if (scaled - Math.floor(scaled) === 0.5) {
    let n = Math.floor(scaled);
    if (n % 2 === 1) n += 1;
    const sign = value < 0 ? '-' : '';
    const int = Math.floor(n / scale);
    const frac = digits ? '.' + String(n - int * scale).padStart(digits, '0') : '';
    return `${sign}${int}${frac}`;
  }
  return value.toFixed(digits);
}

/** printf("%{width}.{digits}f"). */
export const cFixedWidth = (value: number, width: number, digits: number) => cFixed(value, digits).padStart(width, ' ');

/** printf("%{width}d"). */
export const cInt = (value: number, width = 0) => String(value).padStart(width, ' ');

export interface ParsedNumber {
  isInteger: boolean;
  integer: bigint;
  scientific: number;
}

const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

/**
 * `stringstream >> long` followed by `eof()`: true when the extraction reached the end of the text, which
 * libstdc++ also reports for a lone sign (value 0) and for an overflow (value clamped).
 */
function extractLong(str: string): { ok: boolean; value: bigint } {
  const m = /^([+-]?)(\d*)/.exec(str)!;
  if (m[0].length !== str.length) return { ok: false, value: 0n };
  if (!m[2]) return { ok: true, value: 0n };
  let v = BigInt(m[1] + m[2]);
  if (v > LONG_MAX) v = LONG_MAX;
  if (v < LONG_MIN) v = LONG_MIN;
  return { ok: true, value: v };
}

/**
 * `stringstream >> double` followed by `eof()`. libstdc++ collects sign, digits, one '.', and an exponent
 * (only after a mantissa digit); the text is a number when that walk reaches its end. A walk that reached
 * the end but is no valid number ("1e", "-") gives 0, as the failed conversion does.
 */
function extractDouble(str: string): { ok: boolean; value: number } {
  if (str === '.') return { ok: false, value: 0 };
  let i = 0;
  if (str[i] === '+' || str[i] === '-') i++;
  let mantissa = false;
  let dot = false;
  let exp = false;
  for (; i < str.length; i++) {
    const c = str[i]!;
    if (isDigit(c)) {
      mantissa = true;
    } else if (c === '.' && !dot && !exp) {
      dot = true;
    } else if ((c === 'e' || c === 'E') && !exp && mantissa) {
      exp = true;
      if (str[i + 1] === '+' || str[i + 1] === '-') i++;
    } else {
      return { ok: false, value: 0 };
    }
  }
  const strict = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(str);
  return { ok: true, value: strict ? Number(str) : 0 };
}

/** VPL's Number::set: an integer when it reads as a long, otherwise a floating number. */
export function parseNumber(str: string): ParsedNumber | null {
  const asLong = extractLong(str);
  if (asLong.ok) return { isInteger: true, integer: asLong.value, scientific: 0 };
  const asDouble = extractDouble(str);
  if (asDouble.ok) return { isInteger: false, integer: 0n, scientific: asDouble.value };
  return null;
}
