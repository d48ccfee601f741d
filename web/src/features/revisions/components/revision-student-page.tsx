/**
 * /revision_student/{course_id}/{rev_id} (spec/3 §2, §4 "Revisions"; issue 22 item 4): the student
 * starts (once) or resumes their attempt and plays its tasks on the timed player (composed in
 * app/routes/revision-student.tsx): the server's deadline over `revision:{id}` and HTTP, answers kept
 * in the attempt, Submit ALL. After it ends: the result (score per task, total, begin and end).
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Topic } from '@lectio/events';
import { spentSeconds } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useErrorText } from '@/lib/server-error-text';
import { attemptKey, closeRevision, evaluateInRevision, revisionSync, useStudentRevision, type RevisionAttempt } from '../api/revisions';

/** What the timed player is given (app/ composes the player feature's TimedPlayer with it). */
export interface RevisionPlayerProps {
  title: string;
  person: { name: string; surname: string };
  tasks: RevisionAttempt['task_list'];
  chapterId: number;
  timeLimitSeconds: number;
  clock: {
    compId: number;
    userCompId: number;
    deadline: number;
    serverNow: number;
    receivedAt: number;
    source: { topic: Topic; socketSync: () => boolean; httpSync: () => Promise<{ finished: boolean; deadline: number; serverNow: number }> };
  };
  finish: () => Promise<unknown>;
  onEnded: () => void;
  evaluate: ReturnType<typeof evaluateInRevision>;
  programNotice: ReactNode;
}

export function RevisionStudentPage({ player }: { player: (props: RevisionPlayerProps) => ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const params = useParams();
  const courseId = Number(params.course_id);
  const revId = Number(params.rev_id);
  const queryClient = useQueryClient();
  const query = useStudentRevision(courseId, revId);
  const attempt = query.data;
  useBreadcrumbs([
    { label: t('revisions.course'), to: pathTo('course_content', { id: courseId }) },
    { label: t('revisions.student.title'), to: pathTo('revisions_student', { course_id: courseId }) },
    { label: attempt?.rev_title ?? t('revisions.take.title') },
  ]);
  if (query.isPending) return <PageSpinner />;
  if (!attempt) {
    return (
      <>
        <PageHeading title={t('revisions.take.title')} />
        <Alert severity="error" data-testid="revision-refused">
          {errorText(query.error)}
        </Alert>
      </>
    );
  }
  if (attempt.status === 'closed') return <RevisionResult attempt={attempt} />;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: attemptKey(courseId, revId) });
  const answer = evaluateInRevision(courseId, revId);
  return player({
    title: attempt.rev_title,
    person: attempt.user,
    tasks: attempt.task_list,
    chapterId: revId,
    timeLimitSeconds: attempt.time_limit,
    clock: {
      compId: revId,
      userCompId: revId,
      deadline: attempt.deadline,
      serverNow: attempt.server_now,
      receivedAt: attempt.receivedAt,
      // the socket tells the sync on every (re)connect and the close; every 30 s it is asked over HTTP
      source: {
        topic: `revision:${revId}` as Topic,
        socketSync: () => false,
        httpSync: () => revisionSync(courseId, revId),
      },
    },
    finish: () => closeRevision(courseId, revId),
    onEnded: refresh,
    evaluate: async (body) => {
      const result = await answer(body);
      refresh();
      return result;
    },
    programNotice: t('revisions.take.programNotice'),
  });
}

const when = (ms: number | null, lang: string) => (ms === null ? '' : new Date(ms).toLocaleString(lang));

/** The result of an ended attempt: total, begin, end, time spent, and the score of each task. */
export function RevisionResult({ attempt }: { attempt: RevisionAttempt }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <>
      <PageHeading title={t('revisions.take.resultOf', { title: attempt.rev_title })} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="revision-result">
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="body2" color="text.secondary">{t('revisions.take.total')}</Typography>
            <Typography variant="h5" component="p" data-testid="revision-total">{`${attempt.score} / ${attempt.max_score}`}</Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">{t('revisions.take.begin')}</Typography>
            <Typography>{when(attempt.started_at, lang)}</Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">{t('revisions.take.end')}</Typography>
            <Typography>{when(attempt.ended_at, lang)}</Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">{t('revisions.take.spent')}</Typography>
            <Typography>{spentSeconds(attempt.started_at, attempt.ended_at ?? attempt.deadline)}</Typography>
          </Box>
        </Stack>
      </Paper>
      <TableContainer component={Paper}>
        <Table aria-label={t('revisions.take.perTask')} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('revisions.take.task')}</TableCell>
              <TableCell>{t('revisions.take.taskType')}</TableCell>
              <TableCell align="right">{t('revisions.take.score')}</TableCell>
              <TableCell align="right">{t('revisions.take.rating')}</TableCell>
              <TableCell align="right">{t('revisions.take.attempts')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attempt.results.map((r, i) => (
              <TableRow key={r.task_id} data-testid="revision-result-row">
                <TableCell>{t('revisions.take.taskNo', { n: i + 1 })}</TableCell>
                <TableCell>{t('revisions.teacher.taskType', { id: r.task_type_id })}</TableCell>
                <TableCell align="right">{`${r.score} / ${r.max_score}`}</TableCell>
                <TableCell align="right">{`${r.rating.toFixed(1)} %`}</TableCell>
                <TableCell align="right">{r.attempts}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
