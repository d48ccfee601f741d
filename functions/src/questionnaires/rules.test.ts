import { describe, expect, it } from 'vitest';
import { questionnaireTexts } from '@lectio/shared/api/questionnaires';
import { checkAnswer, cleanContent, contentOf, nameOf, scoreOf } from './rules';

const strip = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');
const choices = (text: string, extra: Record<string, string> = {}) => contentOf(JSON.stringify({ description: 'Q', choices: text, ...extra }));

describe('cleanContent', () => {
  it('keeps the fields of the type, trims the choices and sanitises the description', () => {
    // Prepare
    const text = JSON.stringify({ description: '<p>Hi</p><script>x()</script>', choices: ' A \n\nB', other_descr: 'Other', desc_first: 'Low' });

    // Act
    const out = cleanContent(4, text, strip);

    // Assess
    expect(out).toEqual({ json: JSON.stringify({ description: '<p>Hi</p>', choices: 'A\nB', other_descr: 'Other', desc_first: '', desc_last: '' }) });
  });

  it('answers the description of why a content does not fit', () => {
    expect(cleanContent(2, JSON.stringify({ description: 'Q', choices: '\n ' }), strip)).toEqual({ error: questionnaireTexts.noChoices });
    expect(cleanContent(1, '{oops', strip)).toEqual({ error: questionnaireTexts.badContent });
    expect(cleanContent(3, JSON.stringify({ choices: Array.from({ length: 31 }, (_, i) => `c${i}`).join('\n') }), strip)).toEqual({ error: questionnaireTexts.badContent });
  });
});

describe('checkAnswer', () => {
  const abc = choices('A\nB\nC', { other_descr: 'Other' });

  it('accepts an answer that fits its type and normalises it', () => {
    expect(checkAnswer(2, abc, '{"answer":2}')).toBe('{"answer":2}');
    expect(checkAnswer(4, abc, '{"answer":-1,"answer_descr":" Park "}')).toBe('{"answer":-1,"answer_descr":"Park"}');
    expect(checkAnswer(4, abc, '{"answer":1,"answer_descr":"dropped"}')).toBe('{"answer":1}');
    expect(checkAnswer(5, abc, '{"answers":[2,-1,2],"answer_descr":"x"}')).toBe('{"answers":[-1,2],"answer_descr":"x"}');
    expect(checkAnswer(6, abc, '{"answer_descr":"free"}')).toBe('{"answer_descr":"free"}');
    expect(checkAnswer(7, abc, '{"answer":5}')).toBe('{"answer":5}');
    expect(checkAnswer(8, abc, '{"answer":7}')).toBe('{"answer":7}');
  });

  it('refuses a choice that does not exist, a point off the scale, texts and bad JSON', () => {
    for (const [type, text] of [[2, '{"answer":3}'], [2, '{"answer":-1}'], [3, '{"answers":[-1]}'], [7, '{"answer":6}'], [8, '{"answer":0}'], [0, '{}'], [1, '{}'], [2, 'nope']] as Array<[number, string]>) {
      expect(checkAnswer(type, abc, text)).toBeNull();
    }
  });
});

describe('nameOf and scoreOf', () => {
  it('names a questionnaire by its first title', () => {
    const list = [
      { q_type: 1, page: 1, q_order: 1, content: JSON.stringify({ description: 'Intro' }) },
      { q_type: 0, page: 2, q_order: 2, content: JSON.stringify({ description: '<h2>Late &amp; title</h2>' }) },
      { q_type: 0, page: 1, q_order: 3, content: JSON.stringify({ description: '<h2>First title</h2>' }) },
    ];
    expect(nameOf(list, 4)).toBe('First title');
    expect(nameOf([], 4)).toBe('Questionnaire 4');
  });

  it('counts the answered questions only', () => {
    const list = [{ id: 1, q_type: 0 }, { id: 2, q_type: 2 }, { id: 3, q_type: 6 }, { id: 4, q_type: 3 }];
    expect(scoreOf(list, { '1': '{"answer":1}', '2': '{"answer":0}', '3': '{"answer_descr":"  "}', '4': '{"answers":[]}' })).toBe(1);
  });
});
