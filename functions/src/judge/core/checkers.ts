/**
 * The four kinds of expected output of a `vpl_evaluate.cases` file, chosen the way VPL chooses them:
 * exact text in double quotes, a /regular expression/ with flags i and m, numbers (compared with a
 * relative tolerance of 0.0001), and otherwise text tokens (letters and digits, case-insensitive).
 */
import { isSpace, isDigit, isWordChar, parseNumber, toLowerAscii, trim, type ParsedNumber } from './ctext';

/** A fatal configuration error that stops the evaluation (VPL prints the report and exits). */
export class CasesFatalError extends Error {}

export interface OutputChecker {
  /** The name shown in "--- Expected output (<type>)---". */
  readonly type: string;
  /** What the learner is shown as expected output. */
  readonly shown: string;
  match(output: string): boolean;
}

const isNum = (c: string) => isDigit(c) || c === '+' || c === '-' || c === '.' || c === 'e' || c === 'E';
const isNumStart = (c: string) => isDigit(c) || c === '+' || c === '-' || c === '.';

function numbersOf(text: string): ParsedNumber[] {
  const out: ParsedNumber[] = [];
  let str = '';
  const flush = () => {
    if (str && isNumStart(str[0]!)) {
      const n = parseNumber(str);
      if (n) out.push(n);
    }
    str = '';
  };
  for (const c of text) {
    if ((isNum(c) && str) || (isNumStart(c) && !str)) str += c;
    else if (str) flush();
  }
  flush();
  return out;
}

/** VPL's Number::operator== (expected on the left; the tolerance is relative to the expected value). */
function sameNumber(expected: ParsedNumber, actual: ParsedNumber): boolean {
  if (expected.isInteger) return actual.isInteger && expected.integer === actual.integer;
  const e = expected.scientific;
  const a = actual.isInteger ? Number(actual.integer) : actual.scientific;
  if (actual.isInteger) return e !== 0 ? Math.abs((e - a) / e) < 0.0001 : actual.integer === 0n;
  return e !== 0 ? Math.abs((e - a) / e) < 0.0001 : Math.abs(a) < 0.0001;
}

export class NumbersOutput implements OutputChecker {
  readonly type = 'numbers';
  readonly shown: string;
  private readonly numbers: ParsedNumber[];
  private readonly startsWithAsterisk: boolean;

  constructor(text: string) {
    this.numbers = numbersOf(text);
    let i = 0;
    while (i < text.length && isSpace(text[i]!)) i++;
    this.startsWithAsterisk = text[i] === '*';
    this.shown = i < text.length ? text.slice(this.startsWithAsterisk ? i + 1 : i) : '';
  }

  /** Every blank- or '*'-separated word reads as a number. */
  static typeMatch(text: string): boolean {
    for (const word of text.split(/[ \t\n\v\f\r*]+/)) {
      if (!word) continue;
      if (!isNumStart(word[0]!) || !parseNumber(word)) return false;
    }
    return true;
  }

  match(output: string): boolean {
    const got = numbersOf(output);
    const len = this.numbers.length;
    let offset = 0;
    if (this.startsWithAsterisk) {
      if (got.length < len) return false;
      offset = got.length - len;
    } else if (got.length !== len) return false;
    return this.numbers.every((n, i) => sameNumber(n, got[offset + i]!));
  }
}

function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  let token = '';
  for (const c of text) {
    if (isWordChar(c)) token += c;
    else if (token) {
      tokens.push(toLowerAscii(token));
      token = '';
    }
  }
  if (token) tokens.push(toLowerAscii(token));
  return tokens;
}

/** Expected tokens must be the last tokens of the output. */
export class TextOutput implements OutputChecker {
  readonly type = 'text';
  private readonly tokens: string[];
  constructor(readonly shown: string) {
    this.tokens = tokensOf(shown);
  }
  match(output: string): boolean {
    const got = tokensOf(output);
    if (got.length < this.tokens.length) return false;
    const offset = got.length - this.tokens.length;
    return this.tokens.every((t, i) => t === got[offset + i]);
  }
}

export class ExactTextOutput implements OutputChecker {
  readonly type = 'exact text';
  readonly shown: string;
  private readonly endsOnly: boolean;

  constructor(text: string) {
    const clean = trim(text);
    this.endsOnly = clean.length > 2 && clean[0] === '*';
    this.shown = this.endsOnly ? clean.slice(2, clean.length - 1) : clean.slice(1, clean.length - 1);
  }

  static typeMatch(text: string): boolean {
    const c = trim(text);
    return (c.length > 1 && c[0] === '"' && c.at(-1) === '"') || (c.length > 3 && c[0] === '*' && c[1] === '"' && c.at(-1) === '"');
  }

  match(output: string): boolean {
    const expected = this.shown;
    if (expected === output) return true;
    let out = output;
    // a final NL of the output is ignored unless the expected text ends with one
    if (expected.length > 0 && !expected.endsWith('\n') && out.endsWith('\n')) out = out.slice(0, -1);
    if (this.endsOnly && expected.length < out.length) return out.slice(out.length - expected.length) === expected;
    return expected === out;
  }
}

const POSIX_CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
};

/**
 * A POSIX extended regular expression (as glibc's regcomp reads it) in JavaScript syntax: bracket
 * expressions take backslashes literally and know [:class:] names; \< and \> are word edges; without
 * REG_NEWLINE '.' also matches NL, with it neither '.' nor a negated list does.
 */
export function posixToJs(source: string, newline: boolean): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const n = source[i + 1];
      i++;
      if (n === undefined) throw new SyntaxError('Trailing backslash');
      if (n === '<') out += '\\b(?=\\w)';
      else if (n === '>') out += '\\b(?<=\\w)';
      else if (n === '`') out += '^';
      else if (n === "'") out += '$';
      else out += '\\' + n;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      let body = '';
      let negate = false;
      if (source[j] === '^') {
        negate = true;
        j++;
      }
      if (source[j] === ']') {
        body += '\\]';
        j++;
      }
      for (; j < source.length && source[j] !== ']'; j++) {
        const d = source[j]!;
        if (d === '[' && source[j + 1] === ':') {
          const end = source.indexOf(':]', j + 2);
          if (end < 0) throw new SyntaxError('Unmatched [ or [^');
          const cls = POSIX_CLASSES[source.slice(j + 2, end)];
          if (cls === undefined) throw new SyntaxError('Invalid character class name');
          body += cls;
          j = end + 1;
        } else if (d === '\\' || d === '[' || d === '/') body += '\\' + d;
        else body += d;
      }
      if (j >= source.length) throw new SyntaxError('Unmatched [ or [^');
      out += `[${negate ? '^' : ''}${negate && newline ? '\\n' : ''}${body}]`;
      i = j;
      continue;
    }
    out += c;
  }
  return out;
}

export class RegularExpressionOutput implements OutputChecker {
  readonly type = 'regular expression';
  readonly shown: string;
  private readonly flagI: boolean = false;
  private readonly flagM: boolean = false;

  constructor(
    text: string,
    private readonly caseDescription: string,
  ) {
    const clean = trim(text);
    let pos = clean.length - 1;
    while (clean[pos] !== '/' && pos > 0) pos--;
    this.shown = clean.slice(1, pos);
    for (const flag of clean.slice(pos + 1)) {
      if (flag === 'i') this.flagI = true;
      else if (flag === 'm') this.flagM = true;
      else if (flag !== ' ') {
        throw new CasesFatalError(
          `Error: invalid flag in regex output ${caseDescription}, found a ${flag} used as a flag, only i and m available.`,
        );
      }
    }
  }

  static typeMatch(text: string): boolean {
    const clean = trim(text);
    return clean.length > 2 && clean[0] === '/' && clean.indexOf('/', 1) > 0;
  }

  match(output: string): boolean {
    let re: RegExp;
    try {
      const flags = (this.flagI ? 'i' : '') + (this.flagM ? 'm' : 's');
      re = new RegExp(posixToJs(this.shown, this.flagM), flags);
    } catch (e) {
      throw new CasesFatalError(
        `Error: regular expression compilation error in case: ${this.caseDescription}: ${(e as Error).message}`,
      );
    }
    return re.test(output);
  }
}

/** VPL's choice of checker for one `output =` value. */
export function outputChecker(text: string, caseDescription: string): OutputChecker {
  if (ExactTextOutput.typeMatch(text)) return new ExactTextOutput(text);
  if (RegularExpressionOutput.typeMatch(text)) return new RegularExpressionOutput(text, caseDescription);
  if (NumbersOutput.typeMatch(text)) return new NumbersOutput(text);
  return new TextOutput(text);
}
