/**
 * HTML/CSS task rules (type 11; spec/2 §3 "HTML system rules", §7 rule checking; spec/3 §5): the 12
 * rule kinds as pure functions, used by the editor (the author's solution's rule grade), the player's
 * instant check and the server's evaluation (which re-checks the submitted page itself and never
 * trusts a client's description). A rule is a system rule's text with its slots filled: `####` a number
 * (digits only), `$$$$` a text. Every comparison is in lower case, and HTML comments are not part of
 * the page (a rule cannot be met by markup commented out).
 */
import * as z from 'zod';
import { DEFAULT_LANGUAGE_ID } from '../languages';

/** The placeholder markers of a rule's text. */
export const NUMBER_SLOT = '####';
export const TEXT_SLOT = '$$$$';

/** A part of a rule's content: constant text, a text slot's value or a number slot's value. */
export const htmlRulePart = z.union([
  z.object({ c: z.string().max(500) }).strict(),
  z.object({ t: z.string().max(500) }).strict(),
  z.object({ n: z.number().int().min(0).max(1_000_000) }).strict(),
]);
export type HtmlRulePart = z.infer<typeof htmlRulePart>;
export const htmlRuleContent = z.array(htmlRulePart).max(20);

/** The rule kinds of spec/2 §7, in order (ids 1-12). */
export const HTML_RULE_KINDS = [
  'containsAtLeast',
  'containsAtMost',
  'doesNotContain',
  'followedBy',
  'firstBefore',
  'lastBefore',
  'everyOpeningClosed',
  'threePartSequence',
  'fourPartSequence',
  'sequenceCount',
  'withinNthElement',
  'insideTag',
] as const;
export const HTML_RULE_IDS = HTML_RULE_KINDS.map((_, i) => i + 1);

/** The system rules' texts per language id (spec/2 §3: `l` plus the language id → list of {id, text}). */
const RULE_TEXTS: Record<number, string[]> = {
  1: [
    'The page contains $$$$ at least #### times.',
    'The page contains $$$$ at most #### times.',
    'The page does not contain $$$$.',
    '$$$$ is followed later by $$$$.',
    'The first $$$$ comes before the first $$$$.',
    'The last $$$$ comes before the last $$$$.',
    'Every $$$$ is closed by its $$$$.',
    '$$$$, then $$$$, then $$$$ follow in this order.',
    '$$$$, then $$$$, then $$$$, then $$$$ follow in this order.',
    'The pair $$$$ … $$$$ occurs exactly #### times.',
    'Element number #### of the tag $$$$ contains $$$$.',
    'The opening tag $$$$ contains $$$$ inside it.',
  ],
  2: [
    'Stránka obsahuje $$$$ aspoň ####-krát.',
    'Stránka obsahuje $$$$ najviac ####-krát.',
    'Stránka neobsahuje $$$$.',
    'Za $$$$ niekde ďalej nasleduje $$$$.',
    'Prvý výskyt $$$$ je pred prvým výskytom $$$$.',
    'Posledný výskyt $$$$ je pred posledným výskytom $$$$.',
    'Každé $$$$ je uzavreté svojím $$$$.',
    '$$$$, potom $$$$, potom $$$$ nasledujú v tomto poradí.',
    '$$$$, potom $$$$, potom $$$$, potom $$$$ nasledujú v tomto poradí.',
    'Dvojica $$$$ … $$$$ sa vyskytuje presne ####-krát.',
    'Prvok číslo #### značky $$$$ obsahuje $$$$.',
    'Otváracia značka $$$$ obsahuje vo vnútri $$$$.',
  ],
  3: [
    'Stránka obsahuje $$$$ alespoň ####krát.',
    'Stránka obsahuje $$$$ nejvýše ####krát.',
    'Stránka neobsahuje $$$$.',
    'Za $$$$ někde dále následuje $$$$.',
    'První výskyt $$$$ je před prvním výskytem $$$$.',
    'Poslední výskyt $$$$ je před posledním výskytem $$$$.',
    'Každé $$$$ je uzavřeno svým $$$$.',
    '$$$$, potom $$$$, potom $$$$ následují v tomto pořadí.',
    '$$$$, potom $$$$, potom $$$$, potom $$$$ následují v tomto pořadí.',
    'Dvojice $$$$ … $$$$ se vyskytuje přesně ####krát.',
    'Prvek číslo #### značky $$$$ obsahuje $$$$.',
    'Otevírací značka $$$$ obsahuje uvnitř $$$$.',
  ],
  4: [
    'Strona zawiera $$$$ co najmniej #### razy.',
    'Strona zawiera $$$$ co najwyżej #### razy.',
    'Strona nie zawiera $$$$.',
    'Po $$$$ gdzieś dalej następuje $$$$.',
    'Pierwsze $$$$ występuje przed pierwszym $$$$.',
    'Ostatnie $$$$ występuje przed ostatnim $$$$.',
    'Każde $$$$ jest zamknięte przez swoje $$$$.',
    '$$$$, potem $$$$, potem $$$$ występują w tej kolejności.',
    '$$$$, potem $$$$, potem $$$$, potem $$$$ występują w tej kolejności.',
    'Para $$$$ … $$$$ występuje dokładnie #### razy.',
    'Element numer #### znacznika $$$$ zawiera $$$$.',
    'Znacznik otwierający $$$$ zawiera w sobie $$$$.',
  ],
  5: [
    'La página contiene $$$$ al menos #### veces.',
    'La página contiene $$$$ como máximo #### veces.',
    'La página no contiene $$$$.',
    'Después de $$$$ aparece más adelante $$$$.',
    'El primer $$$$ aparece antes del primer $$$$.',
    'El último $$$$ aparece antes del último $$$$.',
    'Cada $$$$ se cierra con su $$$$.',
    '$$$$, luego $$$$, luego $$$$ aparecen en este orden.',
    '$$$$, luego $$$$, luego $$$$, luego $$$$ aparecen en este orden.',
    'El par $$$$ … $$$$ aparece exactamente #### veces.',
    'El elemento número #### de la etiqueta $$$$ contiene $$$$.',
    'La etiqueta de apertura $$$$ contiene $$$$ en su interior.',
  ],
  6: [
    'Az oldal legalább ####-szor tartalmazza ezt: $$$$.',
    'Az oldal legfeljebb ####-szor tartalmazza ezt: $$$$.',
    'Az oldal nem tartalmazza ezt: $$$$.',
    '$$$$ után később következik $$$$.',
    'Az első $$$$ az első $$$$ előtt van.',
    'Az utolsó $$$$ az utolsó $$$$ előtt van.',
    'Minden $$$$ le van zárva ezzel: $$$$.',
    '$$$$, majd $$$$, majd $$$$ ebben a sorrendben következik.',
    '$$$$, majd $$$$, majd $$$$, majd $$$$ ebben a sorrendben következik.',
    'A(z) $$$$ … $$$$ pár pontosan ####-szor fordul elő.',
    'A(z) #### . $$$$ elem tartalmazza ezt: $$$$.',
    'A(z) $$$$ nyitócímke belül tartalmazza ezt: $$$$.',
  ],
  7: [
    'De pagina bevat $$$$ minstens #### keer.',
    'De pagina bevat $$$$ hoogstens #### keer.',
    'De pagina bevat geen $$$$.',
    'Na $$$$ volgt verderop $$$$.',
    'De eerste $$$$ staat vóór de eerste $$$$.',
    'De laatste $$$$ staat vóór de laatste $$$$.',
    'Elke $$$$ wordt afgesloten met zijn $$$$.',
    '$$$$, dan $$$$, dan $$$$ volgen in deze volgorde.',
    '$$$$, dan $$$$, dan $$$$, dan $$$$ volgen in deze volgorde.',
    'Het paar $$$$ … $$$$ komt precies #### keer voor.',
    'Element nummer #### van de tag $$$$ bevat $$$$.',
    'De openingstag $$$$ bevat binnenin $$$$.',
  ],
  8: [
    'Страница содержит $$$$ не менее #### раз.',
    'Страница содержит $$$$ не более #### раз.',
    'Страница не содержит $$$$.',
    'После $$$$ где-то дальше следует $$$$.',
    'Первое $$$$ стоит перед первым $$$$.',
    'Последнее $$$$ стоит перед последним $$$$.',
    'Каждое $$$$ закрыто своим $$$$.',
    '$$$$, затем $$$$, затем $$$$ следуют в этом порядке.',
    '$$$$, затем $$$$, затем $$$$, затем $$$$ следуют в этом порядке.',
    'Пара $$$$ … $$$$ встречается ровно #### раз.',
    'Элемент номер #### тега $$$$ содержит $$$$.',
    'Открывающий тег $$$$ содержит внутри $$$$.',
  ],
};

export interface SystemRule {
  id: number;
  text: string;
}

/** `GET /get-html-rules`: the system rules per language key (`l1` … `l8`). */
export function htmlSystemRules(): Record<string, SystemRule[]> {
  return Object.fromEntries(Object.entries(RULE_TEXTS).map(([lang, texts]) => [`l${lang}`, texts.map((text, i) => ({ id: i + 1, text }))]));
}

/** One system rule's text in a language (English when the language has none). */
export function systemRuleText(ruleId: number, langId: number = DEFAULT_LANGUAGE_ID): string {
  return (RULE_TEXTS[langId] ?? RULE_TEXTS[DEFAULT_LANGUAGE_ID]!)[ruleId - 1] ?? '';
}

/** A rule's text split at its slots: constant parts and empty slots, in order. */
export function ruleSkeleton(text: string): HtmlRulePart[] {
  const parts: HtmlRulePart[] = [];
  for (const piece of text.split(/(####|\$\$\$\$)/)) {
    if (piece === NUMBER_SLOT) parts.push({ n: 0 });
    else if (piece === TEXT_SLOT) parts.push({ t: '' });
    else if (piece !== '') parts.push({ c: piece });
  }
  return parts;
}

/** The slot values of a rule's content, in order: the texts and the numbers. */
export function slotValues(content: unknown): { texts: string[]; numbers: number[] } {
  const parsed = htmlRuleContent.safeParse(content);
  const parts = parsed.success ? parsed.data : [];
  return {
    texts: parts.flatMap((p) => ('t' in p ? [p.t.toLowerCase()] : [])),
    numbers: parts.flatMap((p) => ('n' in p ? [p.n] : [])),
  };
}

/** The number of text and number slots each rule kind needs. */
const SLOTS: Record<number, { texts: number; numbers: number }> = {
  1: { texts: 1, numbers: 1 },
  2: { texts: 1, numbers: 1 },
  3: { texts: 1, numbers: 0 },
  4: { texts: 2, numbers: 0 },
  5: { texts: 2, numbers: 0 },
  6: { texts: 2, numbers: 0 },
  7: { texts: 2, numbers: 0 },
  8: { texts: 3, numbers: 0 },
  9: { texts: 4, numbers: 0 },
  10: { texts: 2, numbers: 1 },
  11: { texts: 2, numbers: 1 },
  12: { texts: 2, numbers: 0 },
};

/** Is the rule complete: a known kind with every text slot filled (the editor's check before saving). */
export function ruleComplete(ruleId: number, content: unknown): boolean {
  const need = SLOTS[ruleId];
  if (!need) return false;
  const { texts, numbers } = slotValues(content);
  return texts.length >= need.texts && numbers.length >= need.numbers && texts.slice(0, need.texts).every((t) => t.trim() !== '');
}

/** The page as the rules read it: lower case, comments left out. */
export function rulePage(html: string): string {
  return html.replace(/<!--[\s\S]*?(-->|$)/g, '').toLowerCase();
}

/** Start positions of the non-overlapping occurrences of `text` in `page`. */
function positions(page: string, text: string): number[] {
  const at: number[] = [];
  if (!text) return at;
  for (let i = page.indexOf(text); i >= 0; i = page.indexOf(text, i + text.length)) at.push(i);
  return at;
}

/** Do `texts` occur one after another (each after the end of the previous one)? */
function inOrder(page: string, texts: string[]): boolean {
  let from = 0;
  for (const text of texts) {
    const i = page.indexOf(text, from);
    if (i < 0) return false;
    from = i + text.length;
  }
  return true;
}

/** Openings and closings in page order; balanced when no closing comes before its opening and none stays open. */
function balanced(page: string, open: string, close: string): boolean {
  const events = [...positions(page, open).map((p) => ({ p, d: 1 })), ...positions(page, close).map((p) => ({ p, d: -1 }))].sort((a, b) => a.p - b.p);
  if (!events.some((e) => e.d === 1)) return false;
  let depth = 0;
  for (const e of events) {
    depth += e.d;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** How many times `first … second` occurs (each pair after the previous one). */
function pairCount(page: string, first: string, second: string): number {
  let count = 0;
  let from = 0;
  for (;;) {
    const a = page.indexOf(first, from);
    if (a < 0) return count;
    const b = page.indexOf(second, a + first.length);
    if (b < 0) return count;
    count++;
    from = b + second.length;
  }
}

/** A tag's name as a rule names it: `li`, `<li`, `<li>` all mean li. */
const tagName = (tag: string) => tag.trim().replace(/^<\/?/, '').replace(/>$/, '').trim();

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The opening tag `<name` (followed by a space, `/` or `>`: `<li` is not `<link`) and the closing tag `</name >`. */
const openingTag = (name: string) => new RegExp(`<${literal(name)}(?=[\\s/>])`, 'g');
const closingTag = (name: string) => new RegExp(`</${literal(name)}\\s*>`, 'g');

/** Start positions of the opening tags of `name`. */
function openingTags(page: string, name: string): number[] {
  if (!name) return [];
  return [...page.matchAll(openingTag(name))].map((m) => m.index);
}

/** The inner text of the element whose opening tag starts at `start` (nested elements of the same tag counted). */
function innerOf(page: string, name: string, start: number): string {
  const tagEnd = page.indexOf('>', start);
  if (tagEnd < 0) return '';
  if (page[tagEnd - 1] === '/') return '';
  const closeRe = closingTag(name);
  const openRe = openingTag(name);
  let depth = 1;
  let at = tagEnd + 1;
  for (;;) {
    closeRe.lastIndex = at;
    openRe.lastIndex = at;
    const close = closeRe.exec(page);
    const open = openRe.exec(page);
    if (!close) return page.slice(tagEnd + 1);
    if (open && open.index < close.index) {
      depth++;
      at = open.index + 1;
      continue;
    }
    depth--;
    if (depth === 0) return page.slice(tagEnd + 1, close.index);
    at = close.index + close[0].length;
  }
}

/** Does the page (already `rulePage`) meet rule `ruleId` with the slot values? */
function meets(page: string, ruleId: number, texts: string[], numbers: number[]): boolean {
  const [a = '', b = '', c = '', d = ''] = texts;
  const n = numbers[0] ?? 0;
  switch (ruleId) {
    case 1:
      return positions(page, a).length >= n;
    case 2:
      return positions(page, a).length <= n;
    case 3:
      return !page.includes(a);
    case 4:
      return inOrder(page, [a, b]);
    case 5: {
      const i = page.indexOf(a);
      const j = page.indexOf(b);
      return i >= 0 && j >= 0 && i < j;
    }
    case 6: {
      const i = page.lastIndexOf(a);
      const j = page.lastIndexOf(b);
      return i >= 0 && j >= 0 && i < j;
    }
    case 7:
      return balanced(page, a, b);
    case 8:
      return inOrder(page, [a, b, c]);
    case 9:
      return inOrder(page, [a, b, c, d]);
    case 10:
      return pairCount(page, a, b) === n;
    case 11: {
      const name = tagName(a);
      const start = openingTags(page, name)[n - 1];
      return start !== undefined && innerOf(page, name, start).includes(b);
    }
    case 12: {
      const name = tagName(a);
      return openingTags(page, name).some((start) => {
        const end = page.indexOf('>', start);
        return page.slice(start, end < 0 ? page.length : end + 1).includes(b);
      });
    }
    default:
      return false;
  }
}

/** Does `html` meet one rule? An incomplete rule (unknown kind, an empty text slot) is never met. */
export function checkHtmlRule(html: string, ruleId: number, content: unknown): boolean {
  return checkHtmlRules(html, [{ rule_id: ruleId, content }]).results[0]!;
}

/**
 * Checks a page against a task's rules: each rule met or not, and the rating (the percentage of
 * rules met, 2 decimals; 0 for a task without rules).
 */
export function checkHtmlRules(html: string, rules: ReadonlyArray<{ rule_id: number; content: unknown }>): { results: boolean[]; rating: number } {
  const page = rulePage(html);
  const results = rules.map((r) => {
    if (!ruleComplete(r.rule_id, r.content)) return false;
    const { texts, numbers } = slotValues(r.content);
    return meets(page, r.rule_id, texts, numbers);
  });
  const met = results.filter(Boolean).length;
  const rating = rules.length ? Math.round((10000 * met) / rules.length) / 100 : 0;
  return { results, rating };
}

/** A rule's text with its slots filled, as the checkout list shows it. */
export function ruleDescription(content: unknown): string {
  const parsed = htmlRuleContent.safeParse(content);
  if (!parsed.success) return '';
  return parsed.data.map((p) => ('c' in p ? p.c : 't' in p ? `'${p.t}'` : String(p.n))).join('');
}

/** A rule's slot values as the author typed them (case kept), in order. */
export function typedSlotValues(content: unknown): { texts: string[]; numbers: number[] } {
  const parsed = htmlRuleContent.safeParse(content);
  const parts = parsed.success ? parsed.data : [];
  return { texts: parts.flatMap((p) => ('t' in p ? [p.t] : [])), numbers: parts.flatMap((p) => ('n' in p ? [p.n] : [])) };
}

/** A rule's content in a language: its system text there with the slots filled by the values in order. */
export function filledRule(ruleId: number, langId: number, values: { texts: string[]; numbers: number[] }): HtmlRulePart[] {
  let t = 0;
  let n = 0;
  return ruleSkeleton(systemRuleText(ruleId, langId)).map((p) => ('t' in p ? { t: values.texts[t++] ?? '' } : 'n' in p ? { n: values.numbers[n++] ?? 0 } : p));
}

/** How many text and number slots a rule kind has. */
export const ruleSlots = (ruleId: number) => SLOTS[ruleId] ?? { texts: 0, numbers: 0 };
