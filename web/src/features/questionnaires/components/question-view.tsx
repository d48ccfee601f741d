/**
 * One element of a questionnaire as a student answers it (spec/3 §3 question types 0-8): a title, a
 * text, one choice, several choices, each 'with other', a free answer, Likert 5 and 7. Read-only when
 * the questionnaire is finished (and in the editor's preview). Free text is kept here while typed and
 * handed on after a pause or on leaving the field, so a reload loses at most the last second.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Box, Checkbox, FormControlLabel, FormGroup, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LIKERT_POINTS, MULTI_TYPES, OTHER_CHOICE, OTHER_TYPES, type QuestionAnswer } from '@lectio/shared/api/questionnaires';
import { SafeHtml } from '@/components/safe-html';
import { readContent } from '../lib/content';

export interface QuestionViewProps {
  qType: number;
  content: string;
  answer: QuestionAnswer;
  onAnswer?: (answer: QuestionAnswer) => void;
  readOnly?: boolean;
  testId?: string;
}

const TYPING_PAUSE_MS = 800;

/** A text typed by the student, handed on after a pause or on blur. */
function useTypedText(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(value);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const flush = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (next !== last.current) {
      last.current = next;
      commit(next);
    }
  };
  return {
    text,
    onChange: (next: string) => {
      setText(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(next), TYPING_PAUSE_MS);
    },
    onBlur: () => flush(text),
  };
}

export function QuestionView({ qType, content, answer, onAnswer, readOnly = false, testId }: QuestionViewProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const c = readContent(content);
  const set = (next: QuestionAnswer) => onAnswer?.(next);
  const withOther = OTHER_TYPES.includes(qType);
  const otherText = useTypedText(answer.answer_descr ?? '', (text) => set({ ...answer, answer_descr: text }));

  if (qType === 0) return <SafeHtml html={c.description} sx={{ typography: 'h6', '& h1, & h2, & h3': { typography: 'h5', m: 0 } }} />;
  if (qType === 1) return <SafeHtml html={c.description} />;

  const question = <SafeHtml html={c.description} sx={{ fontWeight: 500, mb: 1 }} />;
  const labelled = <Box id={labelId}>{question}</Box>;
  const otherLabel = c.other_descr || t('questionnaires.other');
  const otherField = (shown: boolean) =>
    shown && (
      <TextField
        size="small"
        label={otherLabel}
        value={otherText.text}
        onChange={(e) => otherText.onChange(e.target.value)}
        onBlur={otherText.onBlur}
        disabled={readOnly}
        slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': testId ? `${testId}-other-text` : undefined } }}
        sx={{ ml: 4, maxWidth: 480 }}
      />
    );

  if (qType === 6) {
    return (
      <Box>
        {labelled}
        <FreeAnswer labelId={labelId} value={answer.answer_descr ?? ''} readOnly={readOnly} onCommit={(text) => set({ answer_descr: text })} testId={testId} />
      </Box>
    );
  }

  if (qType in LIKERT_POINTS) {
    const points = LIKERT_POINTS[qType]!;
    return (
      <Box>
        {labelled}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {c.desc_first && <Typography variant="body2" aria-hidden>{c.desc_first}</Typography>}
          <RadioGroup row aria-labelledby={labelId} value={answer.answer ?? ''} onChange={(e) => set({ answer: Number(e.target.value) })} data-testid={testId}>
            {Array.from({ length: points }, (_, i) => i + 1).map((p) => (
              <FormControlLabel
                key={p}
                value={p}
                disabled={readOnly}
                labelPlacement="bottom"
                control={<Radio slotProps={{ input: { 'aria-label': p === 1 && c.desc_first ? `${p} ${c.desc_first}` : p === points && c.desc_last ? `${p} ${c.desc_last}` : String(p) } }} />}
                label={String(p)}
              />
            ))}
          </RadioGroup>
          {c.desc_last && <Typography variant="body2" aria-hidden>{c.desc_last}</Typography>}
        </Stack>
      </Box>
    );
  }

  if (MULTI_TYPES.includes(qType)) {
    const ticked = new Set(answer.answers ?? []);
    const toggle = (i: number) => {
      const next = new Set(ticked);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      set({ answers: [...next].sort((a, b) => a - b), ...(next.has(OTHER_CHOICE) ? { answer_descr: otherText.text } : {}) });
    };
    return (
      <Box>
        {labelled}
        <FormGroup role="group" aria-labelledby={labelId} data-testid={testId}>
          {c.choiceList.map((choice, i) => (
            <FormControlLabel key={i} disabled={readOnly} control={<Checkbox checked={ticked.has(i)} onChange={() => toggle(i)} />} label={choice} />
          ))}
          {withOther && <FormControlLabel disabled={readOnly} control={<Checkbox checked={ticked.has(OTHER_CHOICE)} onChange={() => toggle(OTHER_CHOICE)} />} label={otherLabel} />}
        </FormGroup>
        {otherField(withOther && ticked.has(OTHER_CHOICE))}
      </Box>
    );
  }

  // One choice (2), with other (4).
  return (
    <Box>
      {labelled}
      <RadioGroup
        aria-labelledby={labelId}
        value={answer.answer ?? ''}
        onChange={(e) => {
          const value = Number(e.target.value);
          set({ answer: value, ...(value === OTHER_CHOICE ? { answer_descr: otherText.text } : {}) });
        }}
        data-testid={testId}
      >
        {c.choiceList.map((choice, i) => (
          <FormControlLabel key={i} value={i} disabled={readOnly} control={<Radio />} label={choice} />
        ))}
        {withOther && <FormControlLabel value={OTHER_CHOICE} disabled={readOnly} control={<Radio />} label={otherLabel} />}
      </RadioGroup>
      {otherField(withOther && answer.answer === OTHER_CHOICE)}
    </Box>
  );
}

function FreeAnswer({ labelId, value, readOnly, onCommit, testId }: { labelId: string; value: string; readOnly: boolean; onCommit: (text: string) => void; testId?: string }) {
  const typed = useTypedText(value, onCommit);
  return (
    <TextField
      fullWidth
      multiline
      minRows={3}
      value={typed.text}
      onChange={(e) => typed.onChange(e.target.value)}
      onBlur={typed.onBlur}
      disabled={readOnly}
      slotProps={{ htmlInput: { 'aria-labelledby': labelId, maxLength: 1000, 'data-testid': testId } }}
    />
  );
}
