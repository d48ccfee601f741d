/** HTML/CSS rule kinds 1-12 from worked examples, with tricky markup (spec/2 §3, §7; spec/3 §5). */
import { describe, expect, it } from 'vitest';
import {
  checkHtmlRule,
  checkHtmlRules,
  HTML_RULE_IDS,
  htmlSystemRules,
  ruleComplete,
  ruleDescription,
  ruleSkeleton,
  slotValues,
  systemRuleText,
  type HtmlRulePart,
} from '../src/rules/html-rules';
import { languages } from '../src/languages';

/** A rule's content from its English text with the slots filled in order. */
function rule(ruleId: number, ...values: Array<string | number>): HtmlRulePart[] {
  const queue = [...values];
  return ruleSkeleton(systemRuleText(ruleId)).map((p) => {
    if ('t' in p) return { t: String(queue.shift() ?? '') };
    if ('n' in p) return { n: Number(queue.shift() ?? 0) };
    return p;
  });
}
const check = (html: string, ruleId: number, ...values: Array<string | number>) => checkHtmlRule(html, ruleId, rule(ruleId, ...values));

const list = `<!DOCTYPE html>
<HTML><head><title>Shop</title><style>li { color: red; }</style></head>
<body>
  <!-- <h1>not a heading</h1> -->
  <H1 class="Main">Shopping list</H1>
  <ul id="list">
    <li>Milk</li>
    <li class="fresh">Bread <ul><li>Rye</li></ul></li>
    <li>Eggs</li>
  </ul>
  <img src="cart.png" alt="Cart">
</body></HTML>`;

describe('the system rules', () => {
  it('are 12 per language, in all 8 languages, each with the slots its kind needs in every language', () => {
    const all = htmlSystemRules();
    expect(Object.keys(all)).toEqual(languages.map((l) => `l${l.id}`));
    const slots = (text: string) => ({ t: text.split('$$$$').length - 1, n: text.split('####').length - 1 });
    for (const rules of Object.values(all)) {
      expect(rules.map((r) => r.id)).toEqual(HTML_RULE_IDS);
      rules.forEach((r, i) => expect(slots(r.text)).toEqual(slots(all.l1![i]!.text)));
    }
  });

  it('splits a text into constant parts and empty slots, and fills a description', () => {
    expect(ruleSkeleton('The page contains $$$$ at least #### times.')).toEqual([{ c: 'The page contains ' }, { t: '' }, { c: ' at least ' }, { n: 0 }, { c: ' times.' }]);
    expect(ruleDescription(rule(1, '<li>', 3))).toBe("The page contains '<li>' at least 3 times.");
    expect(slotValues(rule(11, 2, 'LI', 'Bread'))).toEqual({ texts: ['li', 'bread'], numbers: [2] });
  });

  it('an incomplete rule (empty text slot, unknown kind, malformed content) is never met', () => {
    expect(ruleComplete(3, rule(3, ''))).toBe(false);
    expect(check(list, 3, '')).toBe(false);
    expect(checkHtmlRule(list, 13, [{ t: 'x' }])).toBe(false);
    expect(checkHtmlRule(list, 1, 'not parts')).toBe(false);
    expect(checkHtmlRule(list, 1, [{ t: 'li', evil: 1 }])).toBe(false);
  });
});

describe('rule kinds', () => {
  it('1, 2: at least / at most N times, in lower case, commented markup not counted', () => {
    expect(check(list, 1, '<li', 4)).toBe(true);
    expect(check(list, 1, '<li', 5)).toBe(false);
    expect(check(list, 1, '<h1', 1)).toBe(true);
    expect(check(list, 2, '<h1', 1)).toBe(true); // the commented <h1> does not count
    expect(check(list, 1, 'shopping LIST', 1)).toBe(true);
    expect(check(list, 2, '<li>', 2)).toBe(false); // three plain <li> openings
    expect(check(list, 2, '<table', 0)).toBe(true);
  });

  it('3: does not contain', () => {
    expect(check(list, 3, 'not a heading')).toBe(true);
    expect(check(list, 3, '<IMG')).toBe(false);
  });

  it('4: one text after another', () => {
    expect(check(list, 4, '<head>', '<body>')).toBe(true);
    expect(check(list, 4, '</body>', '<head>')).toBe(false);
    expect(check(list, 4, 'milk', 'milk')).toBe(false); // a second occurrence is needed
  });

  it('5, 6: first and last occurrences in order', () => {
    expect(check(list, 5, '<h1', '<ul')).toBe(true);
    expect(check(list, 5, '<ul', '<h1')).toBe(false);
    expect(check(list, 6, '</ul>', '<img')).toBe(true);
    expect(check(list, 6, 'eggs', 'rye')).toBe(false);
    expect(check(list, 5, '<table', '<h1')).toBe(false); // missing text
  });

  it('7: every opening closed, nested elements included', () => {
    expect(check(list, 7, '<li', '</li>')).toBe(true);
    expect(check(list, 7, '<ul', '</ul>')).toBe(true);
    expect(check('<ul><li>a<li>b</li></ul>', 7, '<li', '</li>')).toBe(false);
    expect(check('</li><li>', 7, '<li>', '</li>')).toBe(false);
    expect(check('<p>no lists</p>', 7, '<li', '</li>')).toBe(false); // nothing to close is not met
  });

  it('8, 9: three- and four-part sequences', () => {
    expect(check(list, 8, '<head', '<title', '</head>')).toBe(true);
    expect(check(list, 8, '<body', '<head', '<title')).toBe(false);
    expect(check(list, 9, '<html', '<head', '<body', '</html>')).toBe(true);
    expect(check(list, 9, '<html', '<body', '<head', '</html>')).toBe(false);
  });

  it('10: count of pairs equals N', () => {
    // pairs follow one another: the nested <li>Rye</li> closes the pair opened by Bread's <li
    expect(check(list, 10, '<li', '</li>', 3)).toBe(true);
    expect(check(list, 10, '<li', '</li>', 4)).toBe(false);
    expect(check('<b>x</b><b>y', 10, '<b>', '</b>', 1)).toBe(true);
  });

  it('11: within the Nth element (slots in text order: number, tag, text), nested same tags skipped over', () => {
    expect(check(list, 11, 2, 'li', 'rye')).toBe(true); // the 2nd <li> holds the nested list
    expect(check(list, 11, 2, '<li>', 'eggs')).toBe(false);
    expect(check(list, 11, 4, 'li', 'eggs')).toBe(true); // Rye's <li> is the 3rd
    expect(check(list, 11, 9, 'li', 'milk')).toBe(false);
    expect(check(list, 11, 1, 'h1', 'shopping')).toBe(true);
    expect(check(list, 11, 1, 'h1', 'not a heading')).toBe(false);
    expect(check('<link rel="x"><li>a</li>', 11, 1, 'li', 'rel')).toBe(false); // <link> is not an <li>
  });

  it("12: inside a tag (its attributes)", () => {
    expect(check(list, 12, 'img', 'alt=')).toBe(true);
    expect(check(list, 12, 'h1', 'class="main"')).toBe(true);
    expect(check(list, 12, 'li', 'class="fresh"')).toBe(true);
    expect(check(list, 12, 'ul', 'class=')).toBe(false);
    expect(check(list, 12, 'img', 'cart.png"')).toBe(true);
    expect(check(list, 12, 'h1', 'shopping')).toBe(false); // the content is not inside the tag
  });
});

describe('a task with several rules', () => {
  it('rates the percentage of rules met (2 decimals); no rules rate 0', () => {
    const rules = [
      { rule_id: 1, content: rule(1, '<li', 3) },
      { rule_id: 12, content: rule(12, 'img', 'alt=') },
      { rule_id: 3, content: rule(3, '<table') },
    ];
    expect(checkHtmlRules(list, rules)).toEqual({ results: [true, true, true], rating: 100 });
    expect(checkHtmlRules('<ul><li>a</li></ul>', rules)).toEqual({ results: [false, false, true], rating: 33.33 });
    expect(checkHtmlRules(list, []).rating).toBe(0);
  });
});

describe('type 11 evaluation', () => {
  it('reads the page from the answer list and rates it by the stored rules, never by a description', async () => {
    const { evaluateQuestion, readLearnerAnswer } = await import('../src/rules/scoring');
    const content = {
      rules_list: [
        { rule_id: 1, description: 'Three items', content: rule(1, '<li', 3) },
        { rule_id: 3, description: '', content: rule(3, '<table') },
      ],
    };
    const answer = readLearnerAnswer(11, JSON.stringify(['<ul><li>a</li></ul>']))!;
    expect(answer).toEqual({ type: 11, html: '<ul><li>a</li></ul>' });
    expect(evaluateQuestion(11, content, {}, answer)).toEqual({
      rating: 50,
      answers: [
        { answer: 'Three items', feedback: '', rating: 0 },
        { answer: "The page does not contain '<table'.", feedback: '', rating: 100 },
      ],
    });
    expect(readLearnerAnswer(11, 'not json')).toEqual({ type: 11, html: '' });
    expect(readLearnerAnswer(11, JSON.stringify([{ description: '[true,true]' }]))).toEqual({ type: 11, html: '' });
  });
});
