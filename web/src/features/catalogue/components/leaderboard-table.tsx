/**
 * One leaderboard page: rank, nickname, level (levelFromXp), XP, country and groups; a row opens the
 * leader's courses. The user's own row is highlighted and marked "you" (also for screen readers).
 */
import {
  Box,
  Chip,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { levelFromXp } from '@lectio/shared';
import type { LeaderEntry } from '../api/leaderboard';
import { numberFormat } from '@/lib/number-format';

interface LeaderboardTableProps {
  rows: LeaderEntry[];
  start: number;
  /** The logged-in user's id: their row is highlighted. */
  meId?: number | null;
  onOpen: (leader: LeaderEntry) => void;
}

function Head() {
  const { t } = useTranslation();
  return (
    <TableHead>
      <TableRow>
        <TableCell scope="col" align="right">
          {t('leaderboard.columns.rank')}
        </TableCell>
        <TableCell scope="col">{t('leaderboard.columns.nickname')}</TableCell>
        <TableCell scope="col" align="right">
          {t('leaderboard.columns.level')}
        </TableCell>
        <TableCell scope="col" align="right">
          {t('header.xp')}
        </TableCell>
        <TableCell scope="col">{t('leaderboard.columns.country')}</TableCell>
        <TableCell scope="col">{t('leaderboard.columns.groups')}</TableCell>
      </TableRow>
    </TableHead>
  );
}

/** Placeholder rows while the first page loads; the status text is the spec's 'loading'. */
export function LeaderboardSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <Box component="span" data-testid="leaderboard-loading" sx={visuallyHidden}>
        {t('leaderboard.loading')}
      </Box>
      <TableContainer component={Paper} variant="outlined" aria-hidden>
        <Table size="small" sx={{ minWidth: 600 }}>
          <Head />
          <TableBody>
            {Array.from({ length: rows }, (_, i) => (
              <TableRow key={i} data-testid="leaderboard-skeleton-row">
                {[32, 140, 32, 56, 96, 80].map((width, j) => (
                  <TableCell key={j}>
                    <Skeleton variant="text" width={width} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function LeaderboardTable({ rows, start, meId = null, onOpen }: LeaderboardTableProps) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('leaderboard.title')} data-testid="leaderboard-table" sx={{ minWidth: 600 }}>
        <Head />
        <TableBody>
          {rows.map((leader, index) => {
            const mine = leader.id === meId;
            return (
              <TableRow
                key={leader.id}
                hover
                selected={mine}
                onClick={() => onOpen(leader)}
                sx={{ cursor: 'pointer', ...(mine ? { '& td': { fontWeight: 700 } } : {}) }}
                data-testid="leader-row"
                data-me={mine ? 'true' : undefined}
                aria-current={mine ? 'true' : undefined}
              >
                <TableCell align="right" data-testid="leader-rank">
                  {start + index + 1}
                </TableCell>
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    onClick={(event: React.MouseEvent) => {
                      event.stopPropagation();
                      onOpen(leader);
                    }}
                    aria-label={t('leaderboard.openDetail', { name: leader.nickname })}
                    sx={{ textAlign: 'left' }}
                  >
                    {leader.nickname}
                  </Link>
                  {mine && <Chip size="small" color="primary" label={t('leaderboard.me.you')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell align="right">{levelFromXp(leader.xp)}</TableCell>
                <TableCell align="right">{number.format(leader.xp)}</TableCell>
                <TableCell data-testid="leader-country">{leader.country}</TableCell>
                <TableCell>{leader.groups}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
