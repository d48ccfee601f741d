/**
 * /teacher_competitions/{course_id}: the teacher's competitions of a course. The live board (issue
 * 22 item 5, beyond the spec): who joined, who is connected, each student's score per task and the
 * remaining time on the server's clock, refreshed on every `competition-board:{id}` push; 'Close for
 * everyone' ends the competition early. Grading (spec/3 "Competition screens", §5): the solutions of a
 * task per student with a teacher score and a comment, and each student's result.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { formatRemaining } from '@lectio/shared';
import type { Topic } from '@lectio/events';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useTopic } from '@/lib/ws-client';
import { useServerClock } from '@/lib/use-server-clock';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';
import { useCompetitions } from '../api/competitions';
import { playKeys, useCloseForAll, useCompetitionBoard, useGradeSolution, useTaskSolutions, type CompetitionBoard } from '../api/results';
import { GradeFields } from './grade-fields';

const round = (n: number) => Math.round(n * 100) / 100;

/** Re-renders every half second (the remaining times). */
function useTicker(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [active]);
}

export function TeacherCompetitionsPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().course_id);
  const competitions = useCompetitions(courseId);
  const list = useMemo(() => {
    const all = [...(competitions.data?.opened ?? []), ...(competitions.data?.joined ?? [])];
    return all.filter((c, i) => all.findIndex((d) => d.id === c.id) === i);
  }, [competitions.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  const compId = chosen ?? list[0]?.id ?? null;
  useBreadcrumbs([{ label: t('competitions.teacher.course'), to: pathTo('course_content', { id: courseId }) }, { label: t('competitions.teacher.title') }]);

  if (competitions.isPending) return <PageSpinner />;
  return (
    <Stack spacing={3}>
      <PageHeading title={t('competitions.teacher.title')} />
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('competitions.teacher.none')}</Typography>
      ) : (
        <FormControl size="small" sx={{ maxWidth: 420 }}>
          <InputLabel id="competition-choice">{t('competitions.teacher.choose')}</InputLabel>
          <Select
            labelId="competition-choice"
            label={t('competitions.teacher.choose')}
            value={compId ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
            data-testid="competition-choice"
          >
            {list.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {compId !== null && <Board key={compId} courseId={courseId} compId={compId} />}
    </Stack>
  );
}

function Board({ courseId, compId }: { courseId: number; compId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dialog = useMessageDialog();
  const clock = useServerClock();
  const board = useCompetitionBoard(courseId, compId);
  const closeAll = useCloseForAll(courseId);
  const [grading, setGrading] = useState<number | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useTopic(`competition-board:${compId}` as Topic, (message) => {
    if (message.type !== 'competition.board' || pending.current) return;
    // at most one refresh a second, however many answers arrive
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: playKeys.board(courseId, compId) });
    }, 1000);
  }, { refetchOnReconnect: [playKeys.board(courseId, compId)] });
  useEffect(() => () => {
    if (pending.current) clearTimeout(pending.current);
  }, []);
  const data = board.data;
  const running = Boolean(data && !data.closed && data.rows.some((r) => r.status === 'started'));
  useTicker(running);
  if (board.isPending) return <PageSpinner />;
  if (!data) return null;

  const onCloseAll = async () => {
    const answer = await dialog.open({
      type: 'question',
      html: `<p>${escapeHtml(t('competitions.teacher.confirmClose'))}</p>`,
      buttons: [
        { label: t('competitions.teacher.closeAll'), value: 'yes' },
        { label: t('competitions.player.cancel'), value: 'no' },
      ],
    });
    if (answer === 'yes') closeAll.mutate(compId);
  };

  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="live-board">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="live-board" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('competitions.teacher.board', { name: data.name })}
          </Typography>
          {data.closed ? (
            <Chip label={t('competitions.teacher.closed')} />
          ) : (
            <Button variant="outlined" color="error" onClick={() => void onCloseAll()} disabled={closeAll.isPending} data-testid="close-for-all">
              {t('competitions.teacher.closeAll')}
            </Button>
          )}
        </Box>
        {data.rows.length === 0 ? (
          <Typography color="text.secondary">{t('competitions.teacher.noStudents')}</Typography>
        ) : (
          <BoardTable data={data} now={clock.now()} onGrade={setGrading} />
        )}
      </Box>
      {grading !== null && <Solutions taskId={grading} position={data.tasks.findIndex((x) => x.task_id === grading) + 1} />}
    </Stack>
  );
}

function BoardTable({ data, now, onGrade }: { data: CompetitionBoard; now: number; onGrade: (taskId: number) => void }) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby="live-board" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('competitions.teacher.student')}</TableCell>
            <TableCell scope="col">{t('competitions.teacher.connection')}</TableCell>
            <TableCell scope="col">{t('competitions.teacher.status')}</TableCell>
            <TableCell scope="col">{t('competitions.teacher.remaining')}</TableCell>
            {data.tasks.map((task, i) => (
              <TableCell key={task.task_id} scope="col" align="center">
                <Button size="small" onClick={() => onGrade(task.task_id)} aria-label={t('competitions.teacher.gradeTask', { n: i + 1 })} data-testid="grade-task">
                  {t('competitions.result.taskN', { n: i + 1 })}
                </Button>
              </TableCell>
            ))}
            <TableCell scope="col">{t('competitions.result.score')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => (
            <TableRow key={row.user_id} data-testid="board-row">
              <TableCell>
                <Link component={RouterLink} to={pathTo('show_competition', { id: row.user_comp_id })}>
                  {`${row.surname} ${row.name}`.trim()}
                </Link>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={row.connected ? 'success' : 'default'}
                  label={row.connected ? t('competitions.teacher.connected') : t('competitions.teacher.offline')}
                />
              </TableCell>
              <TableCell data-testid="board-status">{t(`competitions.teacher.state.${row.status === 'started' ? 'started' : 'finished'}`)}</TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.status === 'started' ? formatRemaining(row.deadline - now) : '—'}</TableCell>
              {row.tasks.map((cell) => (
                <TableCell key={cell.task_id} align="center">
                  {round(cell.score)}/{round(cell.max_score)}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t('competitions.teacher.attempts', { count: cell.attempts })}
                  </Typography>
                </TableCell>
              ))}
              <TableCell sx={{ fontWeight: 600 }}>{round(row.score)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Solutions({ taskId, position }: { taskId: number; position: number }) {
  const { t } = useTranslation();
  const solutions = useTaskSolutions(taskId);
  const grade = useGradeSolution(taskId);
  return (
    <Box component="section" aria-labelledby="solutions">
      <Typography id="solutions" variant="h6" component="h2" gutterBottom>
        {t('competitions.teacher.solutions', { n: position })}
      </Typography>
      {solutions.isPending && <PageSpinner />}
      {solutions.data && solutions.data.list.length === 0 && <Alert severity="info">{t('competitions.teacher.noSolutions')}</Alert>}
      <Stack spacing={1.5}>
        {(solutions.data?.list ?? []).map((s) => (
          <Paper key={s.id} variant="outlined" sx={{ p: 1.5 }} data-testid="solution">
            <Typography sx={{ fontWeight: 600 }}>
              {`${s.surname} ${s.name}`.trim()} · {round(s.score)}/{round(s.max_score)}
            </Typography>
            {s.saved_code && (
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', bgcolor: 'action.hover', p: 1, my: 1, maxHeight: 200, overflow: 'auto', fontSize: 13 }}>
                {s.saved_code}
              </Box>
            )}
            <GradeFields
              key={`${s.id}:${s.teacher_score}:${s.comment}`}
              id={`solution-${s.id}`}
              teacherScore={s.teacher_score}
              comment={s.comment}
              maxScore={round(s.max_score - s.score)}
              saving={grade.isPending}
              onSave={(value) => grade.mutateAsync({ id: s.id, ...value })}
            />
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
