/**
 * /teacher_task_detail/{course_id}/{chapter_id}/{lesson_id}/{task_id} (spec/3 "Teacher screens"): each
 * student's score on the task and their attempts, newest first (time, score, rating and the answer);
 * an essay or GenAI task shows each attempt with the teacher's review (slider, score, comment).
 */
import { useParams } from 'react-router';
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { formatServerTime } from '@/lib/format-time';
import { useTaskDetail } from '../api/teaching';
import { TableFrame, useCourseTables, useTeachingCrumbs } from './table-frame';
import { EssayReview } from './essay-review';
import { isEssayType } from '@lectio/shared';

export function TaskDetailPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [courseId, chapterId, lessonId, taskId] = [params.course_id, params.chapter_id, params.lesson_id, params.task_id].map(Number) as [number, number, number, number];
  const frame = useCourseTables(courseId);
  const detail = useTaskDetail(courseId, chapterId, lessonId, taskId, frame.ids, frame.ready);
  const data = detail.data;
  const task = data ? t('teaching.tasks.task', { n: data.task.name }) : '';
  const essay = data ? isEssayType(data.task.task_type_id) : false;
  useTeachingCrumbs(courseId, frame.course.data, [
    { label: t('teaching.students.title'), to: pathTo('teacher_students', { course_id: courseId, group_id: 0 }) },
    { label: data?.chapter?.name ?? '', to: pathTo('teacher_lessons', { course_id: courseId, chapter_id: chapterId }) },
    { label: data?.lesson?.name ?? '', to: pathTo('teacher_tasks', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId }) },
    { label: task },
  ]);
  return (
    <TableFrame
      title={t('teaching.detail.title', { task })}
      subtitle={data ? t('teaching.detail.maxScore', { lesson: data.lesson?.name ?? '', max: data.task.max_score }) : undefined}
      frame={frame}
      pending={detail.isPending}
      error={detail.error}
    >
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('teaching.detail.table', { task })} data-testid="task-detail">
          <TableHead>
            <TableRow>
              <TableCell>{t('teaching.table.student')}</TableCell>
              <TableCell>{t('teaching.table.group')}</TableCell>
              <TableCell align="right">{t('teaching.detail.score')}</TableCell>
              <TableCell align="right">{t('teaching.detail.rating')}</TableCell>
              <TableCell align="right">{t('teaching.detail.attempts')}</TableCell>
              <TableCell>{t('teaching.detail.history')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.students ?? []).map((s) => (
              <TableRow key={s.id} data-testid="detail-row">
                <TableCell component="th" scope="row">
                  {`${s.name} ${s.surname}`.trim()}
                </TableCell>
                <TableCell>{frame.groupNames.get(s.group_id) ?? ''}</TableCell>
                <TableCell align="right">{s.score}</TableCell>
                <TableCell align="right">{`${s.rating} %`}</TableCell>
                <TableCell align="right">{s.attempts_count}</TableCell>
                <TableCell>
                  {s.attempts.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('teaching.detail.noAttempts')}
                    </Typography>
                  ) : essay ? (
                    // essay and GenAI: each attempt with its review (slider, score and comment)
                    s.attempts.map((a) => <EssayReview key={a.id ?? a.attempt} attempt={a} type={data!.task.task_type_id} maxScore={data!.task.max_score} courseId={courseId} taskId={taskId} student={`${s.name} ${s.surname}`.trim()} />)
                  ) : (
                    <Box component="ol" reversed sx={{ m: 0, pl: 3 }}>
                      {s.attempts.map((a) => (
                        <li key={a.attempt} value={a.attempt}>
                          <Typography variant="body2" component="span">
                            {t('teaching.detail.attempt', { time: formatServerTime(a.time_stamp.replace('T', ' ').slice(0, 19), i18n.resolvedLanguage ?? 'en'), score: a.score, rating: a.rating })}
                          </Typography>{' '}
                          <Box component="code" sx={{ fontSize: 12, wordBreak: 'break-all' }}>
                            {a.answer.length > 120 ? `${a.answer.slice(0, 120)}…` : a.answer}
                          </Box>
                        </li>
                      ))}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </TableFrame>
  );
}
