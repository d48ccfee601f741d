import { describe, expect, it } from 'vitest';
import { checkHtmlRules } from '@lectio/shared';
import { checkedRules, htmlContentText, htmlFrom, incompleteRules, newHtml, newRule, withKind } from './html-model';

describe('the HTML/CSS editor model', () => {
  const parts = { ...newHtml(), authorsFile: '<ul><li>A</li><li>B</li></ul>', rules: [{ rule_id: 1, texts: ['<LI>'], numbers: [2] }, { rule_id: 3, texts: ['<table'], numbers: [] }] };

  it('stores each language with its own rule texts and the same values, and reads them back (case kept)', () => {
    const en = JSON.parse(htmlContentText(parts, 1, { title: 'List', assignment: '<p>Do</p>', help: '' }));
    const sk = JSON.parse(htmlContentText(parts, 2, { title: 'Zoznam', assignment: '<p>Urob</p>', help: '' }));
    expect(en.rules_list[0].description).toBe("The page contains '<LI>' at least 2 times.");
    expect(sk.rules_list[0].description).toBe("Stránka obsahuje '<LI>' aspoň 2-krát.");
    expect(htmlFrom(JSON.stringify(sk))).toEqual(parts);
    expect(htmlFrom('not json')).toEqual(newHtml());
  });

  it('gives the author the rule grade of the solution, and finds rules with an empty slot', () => {
    expect(checkHtmlRules(parts.authorsFile, checkedRules(parts)).rating).toBe(100);
    expect(incompleteRules({ ...parts, rules: [...parts.rules, newRule(4)] })).toEqual([2]);
  });

  it('a new rule has its kind\u2019s slots; another kind keeps the values that fit', () => {
    expect(newRule(11)).toEqual({ rule_id: 11, texts: ['', ''], numbers: [1] });
    expect(withKind({ rule_id: 1, texts: ['<li'], numbers: [3] }, 4)).toEqual({ rule_id: 4, texts: ['<li', ''], numbers: [] });
  });
});
