/**
 * A GenAI dialogue (task type 17; spec/3 §3 "GenAI content", §5): 1 to 10 exchanges of the learner's
 * prompt, the AI's reply and the learner's reflection. Add is disabled at 10, delete-last at 1. The
 * player edits it, the admin preview tries it out, the teacher's review shows it read-only.
 */
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import { useTranslation } from 'react-i18next';
import { GENAI_FIELD_MAX, GENAI_MAX_EXCHANGES, GENAI_MIN_EXCHANGES, emptyExchange, type GenaiExchange } from '@lectio/shared';

const FIELDS = ['prompt', 'reply', 'reflection'] as const;

export function GenaiExchanges({ value, onChange, readOnly = false, onBlur }: { value: GenaiExchange[]; onChange?: (next: GenaiExchange[]) => void; readOnly?: boolean; onBlur?: () => void }) {
  const { t } = useTranslation();
  const set = (i: number, field: (typeof FIELDS)[number], text: string) => onChange?.(value.map((e, j) => (j === i ? { ...e, [field]: text } : e)));
  return (
    <Stack spacing={2} data-testid="genai-exchanges">
      {value.map((exchange, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`exchange-${i}`} data-testid="genai-exchange">
          <Typography id={`exchange-${i}`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('essay.exchange', { n: i + 1 })}
          </Typography>
          <Stack spacing={1.5}>
            {FIELDS.map((field) =>
              readOnly ? (
                <Box key={field}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t(`essay.${field}`)}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {exchange[field] || '—'}
                  </Typography>
                </Box>
              ) : (
                <TextField
                  key={field}
                  label={t(`essay.${field}`)}
                  value={exchange[field]}
                  onChange={(e) => set(i, field, e.target.value)}
                  onBlur={onBlur}
                  multiline
                  minRows={field === 'reply' ? 3 : 2}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: GENAI_FIELD_MAX, 'data-testid': `genai-${field}-${i}` } }}
                />
              ),
            )}
          </Stack>
        </Paper>
      ))}
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button startIcon={<Add />} variant="outlined" onClick={() => onChange?.([...value, emptyExchange()])} disabled={value.length >= GENAI_MAX_EXCHANGES} data-testid="genai-add">
            {t('essay.addExchange')}
          </Button>
          <Button startIcon={<Remove />} variant="outlined" color="secondary" onClick={() => onChange?.(value.slice(0, -1))} disabled={value.length <= GENAI_MIN_EXCHANGES} data-testid="genai-delete-last">
            {t('essay.deleteLast')}
          </Button>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('essay.exchangeCount', { count: value.length, max: GENAI_MAX_EXCHANGES })}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

/** The exchanges of a stored GenAI answer (JSON text), at least one. */
export function exchangesOf(answers: string): GenaiExchange[] {
  try {
    const parsed = JSON.parse(answers) as unknown;
    if (Array.isArray(parsed) && parsed.length) {
      return parsed.slice(0, GENAI_MAX_EXCHANGES).map((e: Partial<GenaiExchange>) => ({ prompt: String(e?.prompt ?? ''), reply: String(e?.reply ?? ''), reflection: String(e?.reflection ?? '') }));
    }
  } catch {
    // fall through
  }
  return [emptyExchange()];
}

/** The HTML of a stored essay answer (JSON text of the HTML). */
export function essayHtmlOf(answers: string): string {
  try {
    const parsed = JSON.parse(answers) as unknown;
    return typeof parsed === 'string' ? parsed : '';
  } catch {
    return '';
  }
}
