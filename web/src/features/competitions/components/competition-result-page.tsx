/**
 * /competition_result/{id} and /show_competition/{id}: a competition result (spec/3 "Competition
 * screens", §3 Competition result, §6): score plus teacher score, time spent, begin and end, and a
 * per-task table with attempts and comments (each comment line a bullet). The teacher's fields show
 * only when allow_edit (a teacher of the student's group, or an admin).
 */
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { formatServerTime } from '@/lib/format-time';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useGradeTask, useStudentCompetition } from '../api/results';
import { CommentBullets, GradeFields } from './grade-fields';

const round = (n: number) => Math.round(n * 100) / 100;

export function CompetitionResultPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const query = useStudentCompetition(id);
  const grade = useGradeTask(id);
  const data = query.data;
  useBreadcrumbs(
    data
      ? [{ label: t('competitions.result.course'), to: pathTo('course_content', { id: data.competition.course_id }) }, { label: data.competition.name }]
      : [{ label: '' }],
  );
  if (query.isPending) return <PageSpinner />;
  if (!data) return null;
  const maxTotal = data.task_list.reduce((sum, task) => sum + task.max_score, 0);
  const summary: Array<[string, string, string]> = [
    ['score', t('competitions.result.score'), `${round(data.score)} / ${round(maxTotal)}`],
    ['teacher-score', t('competitions.result.teacherScore'), String(round(data.teacher_score))],
    ['total', t('competitions.result.total'), String(round(data.score + data.teacher_score))],
    ['spent', t('competitions.result.spent'), t('competitions.result.seconds', { seconds: data.spent_time })],
    ['begin', t('competitions.result.begin'), formatServerTime(data.begin_at, i18n.language)],
    ['end', t('competitions.result.end'), formatServerTime(data.end_at, i18n.language)],
  ];
  return (
    <Stack spacing={3} data-testid="competition-result">
      <PageHeading
        title={t('competitions.result.title', { name: data.competition.name })}
        subtitle={data.allow_edit ? `${data.student.surname} ${data.student.name}`.trim() : undefined}
      />
      {data.status === 'started' && <Alert severity="info">{t('competitions.result.running')}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
          {summary.map(([key, label, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={`result-${key}`}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {data.description && <Typography sx={{ mt: 2 }}>{data.description}</Typography>}
      </Paper>
      <Box component="section" aria-labelledby="result-tasks">
        <Typography id="result-tasks" variant="h6" component="h2" gutterBottom>
          {t('competitions.result.tasks')}
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="result-tasks" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('competitions.result.task')}</TableCell>
                <TableCell scope="col">{t('competitions.result.score')}</TableCell>
                <TableCell scope="col">{t('competitions.result.teacherScore')}</TableCell>
                <TableCell scope="col">{t('competitions.result.attempts')}</TableCell>
                <TableCell scope="col">{t('competitions.result.comment')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.task_list.map((task, i) => (
                <TableRow key={task.task_id} data-testid="result-task">
                  <TableCell>{t('competitions.result.taskN', { n: i + 1 })}</TableCell>
                  <TableCell>
                    {round(task.score)} / {round(task.max_score)}
                  </TableCell>
                  <TableCell>{round(task.teacher_score)}</TableCell>
                  <TableCell>{task.attempts}</TableCell>
                  <TableCell sx={{ minWidth: 260 }}>
                    {data.allow_edit ? (
                      <GradeFields
                        key={`${task.task_id}:${task.teacher_score}:${task.comment}`}
                        id={`grade-${task.task_id}`}
                        teacherScore={task.teacher_score}
                        comment={task.comment}
                        maxScore={round(task.max_score - task.score)}
                        saving={grade.isPending}
                        onSave={(value) => grade.mutateAsync({ id: task.task_id, ...value })}
                      />
                    ) : (
                      <CommentBullets comment={task.comment} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <Link component={RouterLink} to={pathTo('course_content', { id: data.competition.course_id })}>
        {t('competitions.result.back')}
      </Link>
    </Stack>
  );
}
