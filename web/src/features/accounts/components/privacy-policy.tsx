/** The privacy policy shown at registration (spec/1 §1, §6); a scrollable, keyboard-reachable region. */
import { useId } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@lectio/shared';

const paragraphs = ['data', 'use', 'research', 'teachers', 'rights'] as const;

export function PrivacyPolicy() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box
      component="section"
      role="region"
      aria-labelledby={titleId}
      tabIndex={0}
      data-testid="privacy-policy"
      sx={{
        maxHeight: 220,
        overflowY: 'auto',
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2" gutterBottom>
        {t('accounts.privacy.title')}
      </Typography>
      {paragraphs.map((key) => (
        <Typography key={key} variant="body2" sx={{ mb: 1.5 }}>
          {t(`accounts.privacy.${key}`, { product: PRODUCT_NAME })}
        </Typography>
      ))}
    </Box>
  );
}
