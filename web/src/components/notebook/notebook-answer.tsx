/**
 * The answer part of a notebook quiz (13 short answer, 14 one choice, 15 multiple choice; spec/3 task types
 * 13-15): a text field, or the options in the learner's order, each with cells of its own. Shared by the
 * player and the authoring viewer, which check it on the server and locally.
 */
import { Box, Checkbox, FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { NotebookCell } from '@lectio/shared';
import { NotebookView } from './notebook-view';

export interface NotebookAnswerValue {
  text: string;
  single: number | null;
  multi: number[];
}

export const emptyNotebookAnswer: NotebookAnswerValue = { text: '', single: null, multi: [] };

/** The `answer_list` a notebook quiz submits (indices are in the learner's order). */
export const notebookAnswerList = (type: number, value: NotebookAnswerValue): Array<string | number> =>
  type === 13 ? [value.text] : type === 14 ? (value.single === null ? [] : [value.single]) : value.multi;

export function NotebookAnswerFields({
  type,
  options,
  value,
  onChange,
}: {
  type: number;
  options: Array<{ answer: string; cells: NotebookCell[] }>;
  value: NotebookAnswerValue;
  onChange: (value: NotebookAnswerValue) => void;
}) {
  const { t } = useTranslation();
  if (type === 13)
    return (
      <TextField
        fullWidth
        size="small"
        label={t('notebook.yourAnswer')}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'short-answer' } }}
      />
    );
  if (type === 14)
    return (
      <RadioGroup
        aria-label={t('notebook.options')}
        value={value.single === null ? '' : String(value.single)}
        onChange={(e) => onChange({ ...value, single: Number(e.target.value) })}
      >
        {options.map((a, i) => (
          <Box key={i}>
            <FormControlLabel value={String(i)} control={<Radio />} label={a.answer} data-testid="option" />
            {a.cells.length > 0 && <NotebookView cells={a.cells} />}
          </Box>
        ))}
      </RadioGroup>
    );
  return (
    <Box role="group" aria-label={t('notebook.options')}>
      {options.map((a, i) => (
        <Box key={i}>
          <FormControlLabel
            control={
              <Checkbox
                checked={value.multi.includes(i)}
                onChange={(e) => onChange({ ...value, multi: e.target.checked ? [...value.multi, i] : value.multi.filter((x) => x !== i) })}
              />
            }
            label={a.answer}
            data-testid="option"
          />
          {a.cells.length > 0 && <NotebookView cells={a.cells} />}
        </Box>
      ))}
    </Box>
  );
}
