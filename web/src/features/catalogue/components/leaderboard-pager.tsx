/**
 * The leaderboard pager: a nav with previous / next and at most 10 page links; the current page is
 * marked with aria-current. The page count follows spec/1 §9 (leaderboardPageCount).
 */
import { Box, Button } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../lib/pager';

interface PagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

export function LeaderboardPager({ page, pageCount, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label={t('leaderboard.pages')}
      data-testid="leaderboard-pager"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', justifyContent: 'center', my: 2 }}
    >
      <Button
        size="small"
        startIcon={<ChevronLeft />}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        data-testid="pager-previous"
      >
        {t('leaderboard.previous')}
      </Button>
      {pageWindow(page, pageCount).map((n) => (
        <Button
          key={n}
          size="small"
          variant={n === page ? 'contained' : 'outlined'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('leaderboard.page', { page: n })}
          onClick={() => onChange(n)}
          data-testid={`pager-page-${n}`}
          sx={{ minWidth: 40 }}
        >
          {n}
        </Button>
      ))}
      <Button
        size="small"
        endIcon={<ChevronRight />}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
        data-testid="pager-next"
      >
        {t('leaderboard.next')}
      </Button>
    </Box>
  );
}
