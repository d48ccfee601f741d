/** One leaderboard page: rank, nickname, level (levelFromXp), XP, country and groups; a row opens the leader's courses. */
import { Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { levelFromXp } from '@lectio/shared';
import type { LeaderEntry } from '../api/leaderboard';

interface LeaderboardTableProps {
  rows: LeaderEntry[];
  start: number;
  onOpen: (leader: LeaderEntry) => void;
}

export function LeaderboardTable({ rows, start, onOpen }: LeaderboardTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('leaderboard.title')} data-testid="leaderboard-table" sx={{ minWidth: 600 }}>
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
        <TableBody>
          {rows.map((leader, index) => (
            <TableRow key={leader.id} hover onClick={() => onOpen(leader)} sx={{ cursor: 'pointer' }} data-testid="leader-row">
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
              </TableCell>
              <TableCell align="right">{levelFromXp(leader.xp)}</TableCell>
              <TableCell align="right">{number.format(leader.xp)}</TableCell>
              <TableCell data-testid="leader-country">{leader.country}</TableCell>
              <TableCell>{leader.groups}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
