/** Footer with the project credits and the EU co-funding logo (spec/1 §2). */
import { Box, Container, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, VERSION_LABEL } from '@lectio/shared/constants';
import euUrl from '@/assets/eu-cofunded.svg';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      data-testid="footer"
    >
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Box component="img" src={euUrl} alt={t('footer.euAlt')} width={300} height={64} sx={{ height: 48, width: 'auto' }} />
          <Box>
            <Typography variant="body2">{t('footer.credits', { product: PRODUCT_NAME })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('footer.disclaimer')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {PRODUCT_NAME} {VERSION_LABEL}
            </Typography>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
