/**
 * The two language panels of the bilingual forms (spec/2 §2.4), side by side on wide screens:
 * primary English (1) and a secondary language — the UI language, or another one picked here; the
 * two are never the same.
 */
import { useState, type ReactNode } from 'react';
import { Grid, Paper, Typography } from '@mui/material';
import { LanguageSelect } from '@/components/form/language-select';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE_ID, languageById } from '@lectio/shared';
import { languageIdOf } from '@/lib/i18n';

export const PRIMARY_LANGUAGE_ID = DEFAULT_LANGUAGE_ID;

/** The UI language, or Slovak (2) when the UI is in the primary language. */
export function useSecondaryLanguage() {
  const { i18n } = useTranslation();
  const ui = languageIdOf(i18n.resolvedLanguage ?? i18n.language);
  return useState(ui === PRIMARY_LANGUAGE_ID ? 2 : ui);
}

interface LanguagePanelsProps {
  secondary: number;
  onSecondaryChange: (langId: number) => void;
  /** The fields of one language; `lang` is the language code for the inputs' lang attribute. */
  children: (langId: number, lang: string) => ReactNode;
}

export function LanguagePanels({ secondary, onSecondaryChange, children }: LanguagePanelsProps) {
  const { t } = useTranslation();
  const primary = languageById(PRIMARY_LANGUAGE_ID);
  const second = languageById(secondary);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper
          variant="outlined"
          sx={{ p: 2, height: '100%' }}
          component="section"
          aria-labelledby="primary-language-heading"
          data-testid="primary-panel"
        >
          <Typography
            id="primary-language-heading"
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, mb: 2, minHeight: 40, display: 'flex', alignItems: 'center' }}
          >
            {t('catalogue.form.primaryPanel', { language: primary.name })}
          </Typography>
          {children(primary.id, primary.shortcut)}
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper
          variant="outlined"
          sx={{ p: 2, height: '100%' }}
          component="section"
          aria-label={t('catalogue.form.secondaryPanel', { language: second.name })}
          data-testid="secondary-panel"
        >
          <LanguageSelect
            label={t('catalogue.form.secondaryLanguage')}
            value={secondary}
            onChange={onSecondaryChange}
            testId="secondary-language"
            without={PRIMARY_LANGUAGE_ID}
            sx={{ mb: 2, minWidth: 220 }}
          />
          {children(second.id, second.shortcut)}
        </Paper>
      </Grid>
    </Grid>
  );
}
