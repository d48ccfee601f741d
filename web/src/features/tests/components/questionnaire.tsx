/**
 * A personalisation questionnaire (spec/3 §4, §5): Bartle's two-option questions, or a Likert table
 * (ITQ 1-7; metacognition, critical inquiry and challenging personality 1-5). Every item needs an
 * answer before submit; Bartle and ITQ ask consent as item X and allow reset; the other tables are
 * locked until the consent box is ticked. Answers are saved (final 0) as they are given.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, Paper, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CONSENT_ITEM, personTestDefinitions, type PersonTestType } from '@lectio/shared';
import type { PersonTestInfo } from '../api/tests';
import { ConsentBox } from './consent-box';

export type Answers = Record<string, number>;

/** Bartle and ITQ keep their consent as item X and may be reset. */
const asksConsentItem = (type: PersonTestType) => personTestDefinitions[type].consentItem;

export function Questionnaire({ info, onChange, onSubmit, submitting }: {
  info: PersonTestInfo;
  onChange: (answers: Answers, agreement: 0 | 1) => void;
  onSubmit: (answers: Answers, agreement: 0 | 1) => void;
  submitting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const type = info.test_type;
  const def = personTestDefinitions[type];
  const instrument = info.instrument;
  const [answers, setAnswers] = useState<Answers>({});
  const [consentBox, setConsentBox] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const itemCodes = instrument.items.map((i) => i.code);
  const required = asksConsentItem(type) ? [...itemCodes, CONSENT_ITEM] : itemCodes;
  const missing = required.filter((c) => answers[c] === undefined);
  const locked = !asksConsentItem(type) && !consentBox;
  const agreement = (asksConsentItem(type) ? answers[CONSENT_ITEM] === 1 : consentBox) ? 1 : 0;
  // Slovak wording of the spec: Bartle addresses the learner informally.
  const requiredText = i18n.language === 'sk' ? (type === 'bartle' ? 'Vyber jednu možnosť' : 'Vyberte jednu možnosť') : t('tests.questionnaire.required');

  const set = (code: string, value: number) => {
    const next = { ...answers, [code]: value };
    setAnswers(next);
    onChange(next, (asksConsentItem(type) ? next[CONSENT_ITEM] === 1 : consentBox) ? 1 : 0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    if (missing.length) {
      setShowErrors(true);
      formRef.current?.querySelector<HTMLElement>(`[data-item="${missing[0]}"] input`)?.focus();
      return;
    }
    onSubmit(answers, agreement);
  };

  const reset = () => {
    setAnswers({});
    setShowErrors(false);
    onChange({}, 0);
  };

  return (
    <Box component="form" ref={formRef} onSubmit={submit} noValidate data-testid="questionnaire" data-type={type}>
      <Typography sx={{ mb: 2 }}>{instrument.intro}</Typography>
      {!asksConsentItem(type) && (
        <Box sx={{ mb: 2 }}>
          <ConsentBox checked={consentBox} onChange={setConsentBox} label={instrument.consent.text} />
          {locked && <Alert severity="info">{t('tests.questionnaire.locked')}</Alert>}
        </Box>
      )}
      {def.kind === 'bartle' ? (
        <Stack spacing={2}>
          {instrument.items.map((item, index) => (
            <ChoiceItem
              key={item.code}
              code={item.code}
              label={`${index + 1}. ${item.text}`}
              options={(item.options ?? []).map((text, value) => ({ value, text }))}
              value={answers[item.code]}
              onChange={(v) => set(item.code, v)}
              error={showErrors && answers[item.code] === undefined ? requiredText : ''}
            />
          ))}
        </Stack>
      ) : (
        <LikertTable
          items={instrument.items}
          labels={instrument.scale_labels}
          min={def.min}
          answers={answers}
          disabled={locked}
          onChange={set}
          errorFor={(code) => (showErrors && answers[code] === undefined ? requiredText : '')}
        />
      )}
      {asksConsentItem(type) && (
        <Box sx={{ mt: 2 }}>
          <ChoiceItem
            code={CONSENT_ITEM}
            label={instrument.consent.text}
            // Yes (1) first, then No (0).
            options={instrument.consent.options.map((text, i) => ({ value: i === 0 ? 1 : 0, text }))}
            value={answers[CONSENT_ITEM]}
            onChange={(v) => set(CONSENT_ITEM, v)}
            error={showErrors && answers[CONSENT_ITEM] === undefined ? requiredText : ''}
          />
        </Box>
      )}
      {showErrors && missing.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="questionnaire-missing">
          {t('tests.questionnaire.missing', { count: missing.length })}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={locked || submitting} data-testid="questionnaire-submit">
          {t('tests.questionnaire.submit')}
        </Button>
        {asksConsentItem(type) && (
          <Button type="button" variant="outlined" onClick={reset} data-testid="questionnaire-reset">
            {t('tests.questionnaire.reset')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

function ChoiceItem({ code, label, options, value, onChange, error }: {
  code: string;
  label: string;
  options: Array<{ value: number; text: string }>;
  value: number | undefined;
  onChange: (value: number) => void;
  error: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControl error={Boolean(error)} data-item={code} data-testid={`item-${code}`} component="fieldset" variant="standard">
        <FormLabel component="legend" sx={{ color: 'text.primary', mb: 1 }}>
          {label}
        </FormLabel>
        <RadioGroup name={code} value={value === undefined ? '' : String(value)} onChange={(e) => onChange(Number(e.target.value))}>
          {options.map((o) => (
            <FormControlLabel key={o.value} value={String(o.value)} control={<Radio />} label={o.text} />
          ))}
        </RadioGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    </Paper>
  );
}

/** Items as rows, values as columns; each row is its own radio group (arrow keys move within it). */
function LikertTable({ items, labels, min, answers, disabled, onChange, errorFor }: {
  items: Array<{ code: string; text: string }>;
  labels: string[];
  min: number;
  answers: Answers;
  disabled: boolean;
  onChange: (code: string, value: number) => void;
  errorFor: (code: string) => string;
}) {
  const id = useId();
  const columns = `minmax(14rem, 1fr) repeat(${labels.length}, minmax(3.5rem, 5.5rem))`;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto', opacity: disabled ? 0.6 : 1 }} data-testid="likert-table" aria-disabled={disabled}>
      <Box sx={{ display: 'grid', gridTemplateColumns: columns, alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 }} aria-hidden>
        <span />
        {labels.map((l) => (
          <Typography key={l} variant="caption" sx={{ textAlign: 'center', fontWeight: 600 }}>
            {l}
          </Typography>
        ))}
      </Box>
      {items.map((item, index) => {
        const labelId = `${id}-${item.code}`;
        const error = errorFor(item.code);
        return (
          <Box key={item.code} data-item={item.code} data-testid={`item-${item.code}`} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: index % 2 ? 'action.hover' : undefined, borderLeft: 4, borderLeftColor: error ? 'error.main' : 'transparent' }}>
            <RadioGroup
              row
              name={item.code}
              aria-labelledby={labelId}
              value={answers[item.code] === undefined ? '' : String(answers[item.code])}
              onChange={(e) => onChange(item.code, Number(e.target.value))}
              sx={{ display: 'grid', gridTemplateColumns: columns, alignItems: 'center', flexWrap: 'nowrap' }}
            >
              <Typography id={labelId}>
                {index + 1}. {item.text}
              </Typography>
              {labels.map((label, k) => (
                <Box key={label} sx={{ textAlign: 'center' }}>
                  <Radio value={String(min + k)} disabled={disabled} slotProps={{ input: { 'aria-label': label } }} />
                </Box>
              ))}
            </RadioGroup>
            {error && (
              <Typography variant="caption" color="error" role="alert">
                {error}
              </Typography>
            )}
          </Box>
        );
      })}
    </Paper>
  );
}

/** Saves answers in progress at most once a second. */
export function useDebounced<T>(save: (value: T) => void, ms = 1000) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (value: T) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => latest.current(value), ms);
  };
}
