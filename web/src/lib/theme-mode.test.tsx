/** MUI's own labels follow the UI language (issue 20 item 7: 'Open' and 'Clear' stayed English). */
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Autocomplete, TextField } from '@mui/material';
import { renderInProviders } from '@/testing/render-app';
import { serve } from '@/testing/serve';
import { switchLanguage } from './i18n';

function Picker() {
  return <Autocomplete options={['Slovakia', 'Czechia']} value="Slovakia" renderInput={(params) => <TextField {...params} label="Country" />} />;
}

describe('MUI texts in the UI language', () => {
  it("names an autocomplete's Open and Clear buttons in English, then in Slovak and Russian", async () => {
    // Prepare
    serve({}, { as: null });
    await renderInProviders(<Picker />);
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(screen.getByTitle('Clear')).toBeTruthy();

    // Act
    await act(() => switchLanguage('sk'));

    // Assess
    expect(screen.getByRole('button', { name: 'Otvoriť' })).toBeTruthy();
    expect(screen.getByTitle('Vymazať')).toBeTruthy();
    await act(() => switchLanguage('ru'));
    expect(screen.getByRole('button', { name: 'Открыть' })).toBeTruthy();
    await act(() => switchLanguage('en'));
  });
});
