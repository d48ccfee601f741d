/**
 * The grader's teacher score and comment on one task of one attempt (spec/3 §5): the score as typed
 * (the server makes it a number and caps it: auto + teacher ≤ max_score) and a comment, one line a
 * bullet. Saved with one call; the server's stored score is shown back.
 */
import { useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/components/feedback/feedback';

export interface GradeFieldsProps {
  /** Unique per row (ids of the fields). */
  id: string;
  teacherScore: number;
  comment: string;
  maxScore: number;
  saving: boolean;
  onSave: (value: { teacher_score: string; comment: string }) => Promise<{ teacher_score: number }>;
}

export function GradeFields({ id, teacherScore, comment, maxScore, saving, onSave }: GradeFieldsProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [score, setScore] = useState(String(teacherScore));
  const [text, setText] = useState(comment);
  const save = async () => {
    const stored = await onSave({ teacher_score: score, comment: text });
    // what the server stored: a non-numeric entry became 0, a large one was capped
    setScore(String(stored.teacher_score));
    feedback.show(t('competitions.grade.saved'), 'success');
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        id={`${id}-score`}
        size="small"
        label={t('competitions.grade.teacherScore', { max: maxScore })}
        value={score}
        onChange={(e) => setScore(e.target.value.slice(0, 20))}
        sx={{ width: 140 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'teacher-score' } }}
      />
      <TextField
        id={`${id}-comment`}
        size="small"
        label={t('competitions.grade.comment')}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, 5000))}
        multiline
        minRows={1}
        sx={{ flex: 1, minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'teacher-comment' } }}
      />
      <Button variant="outlined" onClick={() => void save()} disabled={saving} data-testid="save-grade">
        {t('competitions.grade.save')}
      </Button>
    </Box>
  );
}

/** A teacher comment: one bullet per line (spec/3 §9). */
export function CommentBullets({ comment }: { comment: string }) {
  const lines = comment
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="comment-bullets">
      {lines.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </Box>
  );
}
