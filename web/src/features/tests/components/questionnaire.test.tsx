/** Questionnaire rules of spec/3 §5: every item needs an answer, in the wording the spec gives in Slovak. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { initI18n, switchLanguage, type LanguageCode } from '@/lib/i18n';
import type { PersonTestInfo } from '../api/tests';
import { Questionnaire } from './questionnaire';

const instrument = (items: Array<{ code: string; options?: string[] }>, scale_labels: string[] = []) => ({
  lang: 'sk',
  intro: 'Intro',
  scale_labels,
  items: items.map((i) => ({ ...i, text: `Otázka ${i.code}` })),
  consent: { text: 'Súhlas', options: ['Áno', 'Nie'] },
  scale_names: {},
  source: 'own items',
});

const bartle: PersonTestInfo = {
  id: 1,
  test_name: 'Bartle',
  test_type: 'bartle',
  description: '',
  max_score: 100,
  rpt: 3,
  instrument: instrument([{ code: 'Q1', options: ['a', 'b'] }, { code: 'Q2', options: ['c', 'd'] }]),
};
const itq: PersonTestInfo = { ...bartle, id: 2, test_type: 'itq', instrument: instrument([{ code: 'ITQ01' }], ['1', '2', '3', '4', '5', '6', '7']) };

async function renderIn(language: LanguageCode, info: PersonTestInfo) {
  await initI18n(language);
  await switchLanguage(language);
  const onSubmit = vi.fn();
  render(<Questionnaire info={info} onChange={() => {}} onSubmit={onSubmit} submitting={false} />);
  return onSubmit;
}

describe('Questionnaire', () => {
  it("Bartle in Slovak: 'Vyber jednu možnosť' at every unanswered item and the consent item; submit blocked", async () => {
    const onSubmit = await renderIn('sk', bartle);
    fireEvent.click(screen.getByTestId('questionnaire-submit'));
    expect(screen.getAllByText('Vyber jednu možnosť')).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("ITQ in Slovak: 'Vyberte jednu možnosť'", async () => {
    await renderIn('sk', itq);
    fireEvent.click(screen.getByTestId('questionnaire-submit'));
    expect(screen.getAllByText('Vyberte jednu možnosť')).toHaveLength(2);
  });

  it('submits every answer with the consent of item X', async () => {
    const onSubmit = await renderIn('en', bartle);
    fireEvent.click(screen.getByRole('radio', { name: 'b' }));
    fireEvent.click(screen.getByRole('radio', { name: 'c' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Áno' }));
    fireEvent.click(screen.getByTestId('questionnaire-submit'));
    expect(onSubmit).toHaveBeenCalledWith({ Q1: 1, Q2: 0, X: 1 }, 1);
  });
});
