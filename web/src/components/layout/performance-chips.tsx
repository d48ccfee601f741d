/** XP and coins of the logged-in user (from user.performance, live via the WebSocket). */
import { Box, Chip, Stack } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Toll from '@mui/icons-material/Toll';
import { useTranslation } from 'react-i18next';
import { levelFromXp } from '@lectio/shared/rules/progress';
import { numberFormat } from '@/lib/number-format';

export function PerformanceChips({ xp, coins }: { xp: number; coins: number }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const xpText = t('header.xpLabel', { xp: number.format(xp), level: levelFromXp(xp) });
  const coinsText = t('header.coinsLabel', { coins: number.format(coins) });
  return (
    <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center', '& .MuiChip-label': { px: { xs: 0.75, sm: 1 } } }}>
      <Chip
        data-testid="xp-chip"
        title={xpText}
        icon={<EmojiEvents />}
        label={
          <>
            {number.format(xp)}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {` ${t('header.xp')}`}
            </Box>
          </>
        }
        aria-label={xpText}
        size="small"
        sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
      />
      <Chip
        data-testid="coins-chip"
        title={coinsText}
        icon={<Toll />}
        label={number.format(coins)}
        aria-label={coinsText}
        size="small"
        sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
      />
    </Stack>
  );
}
