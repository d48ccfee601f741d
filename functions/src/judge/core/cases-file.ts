/**
 * Reader of VPL's `vpl_evaluate.cases` format: statements `case =`, `input =`, `output =` (several allowed,
 * any may match), `grade reduction =` (value or percent of the grade range), `fail message =`,
 * `program to run =`, `program arguments =`, `expected exit code =`, `variation =`, and `input end =` /
 * `output end =` markers for texts that need them. Statement names ignore case, blanks and non-letters.
 * Multi-line input and output run until the next statement that may follow them, exactly as VPL reads them.
 */
import { atof, atoi, f32, normalizeTag, removeCRs, splitLines, toLowerAscii, trim } from './ctext';

export interface CaseSpec {
  /** 1-based number among the cases kept for the active variation. */
  id: number;
  description: string;
  input: string;
  outputs: string[];
  /** Absent: the default share of the grade range. */
  gradeReduction?: number;
  failMessage: string;
  programToRun: string;
  programArgs: string;
  /** Absent: the exit code is not tested. */
  expectedExitCode?: number;
}

export interface ParsedCases {
  cases: CaseSpec[];
  /** Statement errors, in order ("Syntax error: unexpected line N "). */
  errors: string[];
  /** Cases and errors in the order VPL meets them (it builds each case's checkers when the case ends). */
  sequence: Array<{ error: string } | { case: CaseSpec }>;
}

const TAG = {
  case: 'case=',
  input: 'input=',
  inputEnd: 'inputend=',
  output: 'output=',
  outputEnd: 'outputend=',
  gradeReduction: 'gradereduction=',
  failMessage: 'failmessage=',
  programToRun: 'programtorun=',
  programArgs: 'programarguments=',
  expectedExitCode: 'expectedexitcode=',
  variation: 'variation=',
} as const;

interface Draft {
  description: string;
  input: string;
  outputs: string[];
  gradeReduction?: number;
  failMessage: string;
  programToRun: string;
  programArgs: string;
  expectedExitCode?: number;
  variation: string;
}

const emptyDraft = (): Draft => ({ description: '', input: '', outputs: [], failMessage: '', programToRun: '', programArgs: '', variation: '' });

function parseLine(line: string): { tag: string; value: string } {
  const eq = line.indexOf('=');
  if (eq < 0) return { tag: '', value: line };
  return { tag: normalizeTag(line.slice(0, eq + 1)), value: line.slice(eq + 1) };
}

/** Cuts `value` at `endTag`; true when the tag was there. */
function cutAt(value: string, endTag: string): { found: boolean; text: string } {
  if (!endTag) return { found: false, text: value };
  const pos = value.indexOf(endTag);
  return pos < 0 ? { found: false, text: value } : { found: true, text: value.slice(0, pos) };
}

const dropLastNL = (s: string) => (s.endsWith('\n') ? s.slice(0, -1) : s);

/**
 * Reads the cases; cases of another variation than `variation` (compared trimmed and lower-cased) are
 * dropped before numbering. `gradeRange` (max - min) turns percentage reductions into points.
 */
export function parseCases(text: string, options: { variation: string; gradeRange: number }): ParsedCases {
  const variation = toLowerAscii(trim(options.variation));
  const lines = splitLines(removeCRs(text));
  const cases: CaseSpec[] = [];
  const errors: string[] = [];
  const sequence: ParsedCases['sequence'] = [];
  let state: 'regular' | 'input' | 'output' = 'regular';
  let inCase = false;
  let inputEnd = '';
  let outputEnd = '';
  let draft = emptyDraft();
  let output = '';

  const keep = () => {
    if (draft.variation && draft.variation !== variation) return;
    const spec: CaseSpec = {
      id: cases.length + 1,
      description: draft.description,
      input: draft.input,
      outputs: draft.outputs,
      gradeReduction: draft.gradeReduction,
      failMessage: draft.failMessage,
      programToRun: draft.programToRun,
      programArgs: draft.programArgs,
      expectedExitCode: draft.expectedExitCode,
    };
    cases.push(spec);
    sequence.push({ case: spec });
  };

  lines.forEach((line, index) => {
    const { tag, value } = parseLine(line);
    if (state === 'input') {
      if (inputEnd) {
        const cut = cutAt(line, inputEnd);
        if (!cut.found) draft.input += line + '\n';
        else {
          draft.input += cut.text;
          state = 'regular';
        }
        return;
      }
      if (tag && (tag === TAG.output || tag === TAG.gradeReduction || tag === TAG.case)) state = 'regular';
      else {
        draft.input += line + '\n';
        return;
      }
    } else if (state === 'output') {
      if (outputEnd) {
        const cut = cutAt(line, outputEnd);
        if (!cut.found) output += line + '\n';
        else {
          draft.outputs.push(output + cut.text);
          output = '';
          state = 'regular';
        }
        return;
      }
      if (tag && (tag === TAG.input || tag === TAG.output || tag === TAG.gradeReduction || tag === TAG.case)) {
        draft.outputs.push(dropLastNL(output));
        output = '';
        state = 'regular';
      } else {
        output += line + '\n';
        return;
      }
    }
    if (!tag) return;
    switch (tag) {
      case TAG.input: {
        inCase = true;
        const cut = cutAt(value, inputEnd);
        if (cut.found) draft.input += cut.text;
        else {
          state = 'input';
          draft.input += value + '\n';
        }
        break;
      }
      case TAG.output: {
        inCase = true;
        const cut = cutAt(value, outputEnd);
        if (cut.found) draft.outputs.push(cut.text);
        else {
          state = 'output';
          output = value + '\n';
        }
        break;
      }
      case TAG.gradeReduction: {
        inCase = true;
        const v = trim(value);
        draft.gradeReduction = v.length > 1 && v.endsWith('%') ? f32((options.gradeRange * f32(atof(v))) / 100) : f32(atof(v));
        break;
      }
      case TAG.expectedExitCode:
        draft.expectedExitCode = atoi(value);
        break;
      case TAG.programToRun:
        draft.programToRun = trim(value);
        break;
      case TAG.programArgs:
        draft.programArgs = trim(value);
        break;
      case TAG.failMessage:
        draft.failMessage = trim(value);
        break;
      case TAG.variation:
        draft.variation = toLowerAscii(trim(value));
        break;
      case TAG.inputEnd:
        inputEnd = trim(value);
        break;
      case TAG.outputEnd:
        outputEnd = trim(value);
        break;
      case TAG.case:
        if (inCase) {
          keep();
          draft = emptyDraft();
        }
        inCase = true;
        draft.description = trim(value);
        break;
      default:
        if (line.length > 0) {
          const error = `Syntax error: unexpected line ${index + 1} `;
          errors.push(error);
          sequence.push({ error });
        }
    }
  });
  // state changes inside the loop callback
  if ((state as string) === 'output') draft.outputs.push(dropLastNL(output));
  if (inCase) keep();
  return { cases, errors, sequence };
}

/**
 * VPL's split of `program arguments`: blanks separate; '...' and "..." group (a quote ends only at the same
 * quote); `''` gives an empty argument.
 */
export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let current: string | null = null;
  let separator = ' ';
  for (const c of text) {
    if (current === null) {
      if (c === ' ') continue;
      if (c === "'" || c === '"') {
        current = '';
        separator = c;
      } else {
        current = c;
        separator = ' ';
      }
    } else if (c === separator) {
      args.push(current);
      current = null;
      separator = ' ';
    } else current += c;
  }
  if (current !== null) args.push(current);
  return args;
}
