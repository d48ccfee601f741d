/**
 * The HTML/CSS task's parts in the editor (type 11; spec/2 §2.9, §3): the requested file, the author's
 * solution and the rules, the same in every language. A rule is kept as its kind and slot values; each
 * language stores it as that language's system rule text with the values filled in (so a translation
 * never changes grading), with the filled text as its description. Pure, unit-tested.
 */
import { filledRule, htmlContent, ruleDescription, ruleSlots, typedSlotValues } from '@lectio/shared';

export interface EditorRule {
  rule_id: number;
  texts: string[];
  numbers: number[];
}
export interface HtmlParts {
  requestedFile: string;
  authorsFile: string;
  rules: EditorRule[];
}

const STARTER = '<!DOCTYPE html>\n<html>\n<head>\n  <title></title>\n</head>\n<body>\n\n</body>\n</html>\n';

export const newHtml = (): HtmlParts => ({ requestedFile: STARTER, authorsFile: STARTER, rules: [] });

/** A new rule of a kind: its slots empty (numbers 1). */
export function newRule(ruleId: number): EditorRule {
  const slots = ruleSlots(ruleId);
  return { rule_id: ruleId, texts: Array.from({ length: slots.texts }, () => ''), numbers: Array.from({ length: slots.numbers }, () => 1) };
}

/** A rule changed to another kind keeps the values that still fit. */
export function withKind(rule: EditorRule, ruleId: number): EditorRule {
  const fresh = newRule(ruleId);
  return { rule_id: ruleId, texts: fresh.texts.map((v, i) => rule.texts[i] ?? v), numbers: fresh.numbers.map((v, i) => rule.numbers[i] ?? v) };
}

/** The parts of a stored content text (any language that has them). */
export function htmlFrom(text: string): HtmlParts {
  try {
    const c = htmlContent.parse(JSON.parse(text || '{}'));
    return { requestedFile: c.requestedFile, authorsFile: c.authorsFile, rules: c.rules_list.map((r) => ({ rule_id: r.rule_id, ...typedSlotValues(r.content) })) };
  } catch {
    return newHtml();
  }
}

/** One language's stored content text. */
export function htmlContentText(parts: HtmlParts, lang: number, texts: { title: string; assignment: string; help: string }): string {
  return JSON.stringify({
    title: texts.title,
    assignment: texts.assignment,
    requestedFile: parts.requestedFile,
    authorsFile: parts.authorsFile,
    help: texts.help,
    rules_list: parts.rules.map((r) => {
      const content = filledRule(r.rule_id, lang, r);
      return { rule_id: r.rule_id, description: ruleDescription(content), content };
    }),
  });
}

/** The rules as the checker reads them (any language: only the slot values count). */
export const checkedRules = (parts: HtmlParts) => parts.rules.map((r) => ({ rule_id: r.rule_id, content: filledRule(r.rule_id, 1, r) }));

/** A rule with an empty text slot cannot be saved (it is never met). */
export const incompleteRules = (parts: HtmlParts) => parts.rules.map((r, i) => ({ r, i })).filter(({ r }) => r.texts.some((t) => t.trim() === '')).map(({ i }) => i);
