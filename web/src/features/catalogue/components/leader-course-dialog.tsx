/** A leader's courses (GET /get-leader-course/{id}): name, progress, score and max, in a dialog. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useLeaderCourse } from '../api/leaderboard';
import { numberFormat } from '@/lib/number-format';

export function LeaderCourseDialog({
  leader,
  onClose,
}: {
  leader: { id: number; nickname: string } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = numberFormat(i18n.language, { style: 'percent' });
  const query = useLeaderCourse(leader?.id ?? null);
  return (
    <Dialog
      open={leader !== null}
      onClose={onClose}
      aria-labelledby="leader-course-title"
      maxWidth="sm"
      fullWidth
      data-testid="leader-course-dialog"
    >
      <DialogTitle id="leader-course-title">{t('leaderboard.detail.title', { name: leader?.nickname ?? '' })}</DialogTitle>
      <DialogContent>
        {query.isPending ? (
          <PageSpinner />
        ) : !query.data || query.data.list.length === 0 ? (
          <Typography>{t('leaderboard.detail.none')}</Typography>
        ) : (
          <Table size="small" aria-labelledby="leader-course-title">
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('leaderboard.detail.course')}</TableCell>
                <TableCell scope="col" align="right">
                  {t('leaderboard.detail.progress')}
                </TableCell>
                <TableCell scope="col" align="right">
                  {t('leaderboard.detail.score')}
                </TableCell>
                <TableCell scope="col" align="right">
                  {t('leaderboard.detail.max')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.list.map((course, index) => (
                <TableRow key={index}>
                  <TableCell>{course.name}</TableCell>
                  <TableCell align="right">{percent.format(course.progress / 100)}</TableCell>
                  <TableCell align="right">{course.score}</TableCell>
                  <TableCell align="right">{course.max}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
