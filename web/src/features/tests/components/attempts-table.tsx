/** A test's attempts with start time and score (spec/3 §2); personalisation attempts also show their scales. */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatServerTime } from '@/lib/format-time';

export interface AttemptRow {
  id: number;
  time_start: string;
  score: number;
  final: number;
  status?: string;
  rslt?: string;
}

export function AttemptsTable({ attempts, summary }: { attempts: AttemptRow[]; summary?: (a: AttemptRow) => string }) {
  const { t, i18n } = useTranslation();
  if (!attempts.length) return <Typography color="text.secondary">{t('tests.attempts.none')}</Typography>;
  return (
    <Table size="small" data-testid="attempts-table" aria-label={t('tests.attempts.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('tests.attempts.start')}</TableCell>
          <TableCell align="right">{t('tests.attempts.score')}</TableCell>
          <TableCell>{t('tests.attempts.state')}</TableCell>
          {summary && <TableCell>{t('tests.attempts.result')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {attempts.map((a) => (
          <TableRow key={a.id} data-testid="attempt-row" data-final={a.final}>
            <TableCell>{formatServerTime(a.time_start, i18n.language)}</TableCell>
            <TableCell align="right" data-testid="attempt-score">
              {a.final && a.score >= 0 ? Number(a.score.toFixed(3)) : '—'}
            </TableCell>
            <TableCell>{!a.final ? t('tests.attempts.running') : a.status === 'abandon' ? t('tests.attempts.abandon') : t('tests.attempts.completed')}</TableCell>
            {summary && <TableCell>{a.final ? summary(a) : ''}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
