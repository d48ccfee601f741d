/**
 * The teacher's review of one essay or GenAI attempt in the task detail (spec/3 "Teacher screens":
 * a slider, score and comment; §7 `/save-essay-comment-to-attempt`; §8 'This is info: Saved
 * succesfully'). The server decides who may review and caps nothing silently: the slider and the
 * field stay within 0 and the task's max score.
 */
import { useState } from 'react';
import { Alert, Box, Button, Paper, Slider, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ESSAY_COMMENT_MAX } from '@lectio/shared';
import { EssayAnswerView } from '@/components/essay/essay-answer-view';
import { useSaveEssayComment } from '../api/teaching';

export interface ReviewedAttempt {
  attempt: number;
  id?: number | undefined;
  answer: string;
  info?: string | undefined;
  score: number;
}

export function EssayReview({ attempt, type, maxScore, courseId, taskId, student }: { attempt: ReviewedAttempt; type: number; maxScore: number; courseId: number; taskId: number; student: string }) {
  const { t } = useTranslation();
  const [score, setScore] = useState(attempt.info ? attempt.score : 0);
  const [comment, setComment] = useState(attempt.info ?? '');
  const [saved, setSaved] = useState(false);
  const save = useSaveEssayComment();
  const prefix = `review-${attempt.id ?? attempt.attempt}`;
  const clamp = (v: number) => Math.min(maxScore, Math.max(0, Number.isFinite(v) ? v : 0));
  if (attempt.id === undefined) return null;
  const submit = () => {
    setSaved(false);
    save.mutate({ attempt_id: attempt.id!, score, comment: comment.trim(), course_id: courseId, task_id: taskId }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 1 }} component="section" aria-labelledby={`${prefix}-title`} data-testid="essay-review">
      <Typography id={`${prefix}-title`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {`${student}: ${t('essay.review.title', { n: attempt.attempt })}`}
      </Typography>
      <EssayAnswerView type={type} answers={attempt.answer} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1.5, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, px: 1, minWidth: 160 }}>
          <Slider
            value={score}
            min={0}
            max={maxScore}
            step={0.5}
            onChange={(_e, v) => setScore(clamp(v as number))}
            valueLabelDisplay="auto"
            slotProps={{ input: { 'aria-label': t('essay.review.slider') } }}
            data-testid="review-slider"
          />
        </Box>
        <TextField
          size="small"
          type="number"
          label={t('essay.review.score')}
          value={score}
          onChange={(e) => setScore(clamp(Number(e.target.value)))}
          slotProps={{ htmlInput: { min: 0, max: maxScore, step: 0.5, 'data-testid': 'review-score' } }}
          sx={{ width: 120 }}
        />
      </Stack>
      <TextField
        label={t('essay.review.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: 1.5 }}
        slotProps={{ htmlInput: { maxLength: ESSAY_COMMENT_MAX, 'data-testid': 'review-comment' } }}
      />
      <Box sx={{ mt: 1, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={submit} disabled={save.isPending || comment.trim() === ''} data-testid="review-save">
          {t('essay.review.save')}
        </Button>
        {attempt.info && !saved && (
          <Typography variant="body2" color="text.secondary">
            {t('essay.review.reviewed', { score: attempt.score, max: maxScore })}
          </Typography>
        )}
        {saved && (
          <Alert severity="info" data-testid="review-saved" sx={{ py: 0 }}>
            {t('essay.review.saved')}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
