/**
 * The learner view of a task of types 1-7, shared by the player and the admin viewer: content,
 * and the answer controls (text, radio, checkboxes, gap inputs or drop-downs, reorderable lines)
 * with the per-answer marks after a check. Keyboard and screen-reader friendly: every control is a
 * native input with a label; lines move with buttons as well as by dragging.
 */
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  IconButton,
  InputLabel,
  List,
  ListItem,
  OutlinedInput,
  Radio,
  RadioGroup,
} from '@mui/material';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { SafeHtml, sanitizeHtml } from '@/components/safe-html';
import type { AnswerState, LearnerView } from './answers';

/** A gap drop-down's least width (px). */
const gapSelectWidth = 110;

const GapSelect = lazy(() => import('./gap-select'));

/** The place of a gap's drop-down while its code arrives. */
function GapSelectStandIn() {
  return <Box component="span" sx={{ display: 'inline-block', minWidth: gapSelectWidth, height: 32 }} />;
}

export interface AnswerMark {
  answer: string;
  feedback: string;
  rating: number;
}

export interface QuestionViewProps {
  type: number;
  view: LearnerView;
  /** Display order of options / lines (positions in the view). */
  displayOrder: number[];
  answer: AnswerState | null;
  onAnswer: (next: AnswerState) => void;
  /** Marks after a check: per option text (3, 4), per gap (5, 6), per position (7), or one (2). */
  marks?: AnswerMark[] | null;
  disabled?: boolean;
  lang?: string;
}

function Mark({ rating }: { rating: number | undefined }) {
  const { t } = useTranslation();
  if (rating === undefined) return null;
  return rating > 0 ? (
    <CheckCircle
      color="success"
      fontSize="small"
      titleAccess={t('taskView.markRight')}
      sx={{ ml: 0.5, verticalAlign: 'middle' }}
    />
  ) : (
    <Cancel color="error" fontSize="small" titleAccess={t('taskView.markWrong')} sx={{ ml: 0.5, verticalAlign: 'middle' }} />
  );
}

/** Mounts one control into each gap placeholder of the content HTML. */
function GapContent({ html, render }: { html: string; render: (index: number) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const clean = sanitizeHtml(html);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.innerHTML = clean;
    setSlots(Array.from(root.querySelectorAll<HTMLElement>('span[data-gap]')));
  }, [clean]);
  return (
    <>
      <Box ref={ref} sx={{ '& pre': { whiteSpace: 'pre-wrap', lineHeight: 2.4 }, '& > :first-of-type': { mt: 0 } }} />
      {slots.map((slot, i) => createPortal(render(Number(slot.dataset.gap ?? i)), slot, `gap-${i}`))}
    </>
  );
}

export function QuestionView({ type, view, displayOrder, answer, onAnswer, marks, disabled, lang }: QuestionViewProps) {
  const { t } = useTranslation();
  const shortAnswerId = useId();
  const content = <SafeHtml html={view.content ?? ''} sx={{ mb: 2 }} />;
  const markFor = (text: string) => marks?.find((m) => m.answer === text)?.rating;

  if (type === 1) return <Box data-testid="task-content">{content}</Box>;

  if (answer?.type === 2) {
    const mark = marks?.[0];
    return (
      <Box data-testid="task-question">
        {content}
        <FormControl
          fullWidth
          disabled={disabled}
          color={mark ? (mark.rating >= 100 ? 'success' : mark.rating > 0 ? 'warning' : 'error') : undefined}
          focused={mark ? true : undefined}
        >
          <InputLabel htmlFor={shortAnswerId}>{t('taskView.yourAnswer')}</InputLabel>
          <OutlinedInput
            id={shortAnswerId}
            label={t('taskView.yourAnswer')}
            value={answer.text}
            onChange={(e) => onAnswer({ type: 2, text: e.target.value })}
            inputProps={{ maxLength: 2000, lang, 'data-testid': 'short-answer' }}
          />
        </FormControl>
      </Box>
    );
  }

  if (answer?.type === 3) {
    const options = view.answer_list ?? [];
    return (
      <Box data-testid="task-question">
        {content}
        <FormControl component="fieldset" disabled={disabled}>
          <RadioGroup
            aria-label={t('taskView.chooseOne')}
            value={answer.selected === null ? '' : String(answer.selected)}
            onChange={(e) => onAnswer({ type: 3, selected: Number(e.target.value) })}
          >
            {displayOrder.map((i) => (
              <FormControlLabel
                key={i}
                value={String(i)}
                control={<Radio />}
                data-testid="option"
                label={
                  <span>
                    {options[i]?.answer}
                    <Mark rating={markFor(options[i]?.answer ?? '')} />
                  </span>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      </Box>
    );
  }

  if (answer?.type === 4) {
    const options = view.answer_list ?? [];
    const toggle = (i: number) =>
      onAnswer({
        type: 4,
        selected: answer.selected.includes(i) ? answer.selected.filter((x) => x !== i) : [...answer.selected, i],
      });
    return (
      <Box data-testid="task-question">
        {content}
        <FormControl component="fieldset" disabled={disabled}>
          <FormGroup aria-label={t('taskView.chooseMany')}>
            {displayOrder.map((i) => (
              <FormControlLabel
                key={i}
                control={<Checkbox checked={answer.selected.includes(i)} onChange={() => toggle(i)} />}
                data-testid="option"
                label={
                  <span>
                    {options[i]?.answer}
                    <Mark rating={answer.selected.includes(i) ? markFor(options[i]?.answer ?? '') : undefined} />
                  </span>
                }
              />
            ))}
          </FormGroup>
        </FormControl>
      </Box>
    );
  }

  if (answer?.type === 5 || answer?.type === 6) {
    const gaps = answer.gaps;
    const setGap = (i: number, value: string) => onAnswer({ type: answer.type, gaps: gaps.map((g, k) => (k === i ? value : g)) });
    const options = view.options ?? [];
    return (
      <Box data-testid="task-question">
        <GapContent
          html={view.content ?? ''}
          render={(i) => (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', mx: 0.5 }}>
              {answer.type === 5 ? (
                <OutlinedInput
                  size="small"
                  value={gaps[i] ?? ''}
                  onChange={(e) => setGap(i, e.target.value)}
                  disabled={disabled}
                  inputProps={{ 'aria-label': t('taskView.gap', { n: i + 1 }), 'data-testid': `gap-${i}`, size: 10, lang }}
                  sx={{ verticalAlign: 'middle', '& input': { fontFamily: 'monospace', py: 0.5 } }}
                />
              ) : (
                <Suspense fallback={<GapSelectStandIn />}>
                  <GapSelect
                    index={i}
                    value={gaps[i] ?? ''}
                    options={options}
                    disabled={disabled}
                    minWidth={gapSelectWidth}
                    onChange={(value) => setGap(i, value)}
                  />
                </Suspense>
              )}
              <Mark rating={marks?.[i]?.rating} />
            </Box>
          )}
        />
        {answer.type === 6 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }} aria-label={t('taskView.options')} role="list">
            {options.map((o, k) => (
              <Box
                key={`${o}-${k}`}
                role="listitem"
                draggable={!disabled}
                onDragStart={(e) => e.dataTransfer.setData('text/plain', o)}
                sx={{
                  px: 1.5,
                  py: 0.5,
                  border: 1,
                  borderColor: 'primary.main',
                  borderRadius: 4,
                  fontFamily: 'monospace',
                  cursor: 'grab',
                }}
              >
                {o}
              </Box>
            ))}
          </Box>
        )}
      </Box>
    );
  }

  if (answer?.type === 7) {
    const codes = view.codes ?? [];
    const move = (pos: number, delta: number) => {
      const next = [...answer.order];
      const target = pos + delta;
      if (target < 0 || target >= next.length) return;
      [next[pos], next[target]] = [next[target]!, next[pos]!];
      onAnswer({ type: 7, order: next });
    };
    return (
      <Box data-testid="task-question">
        {content}
        <List aria-label={t('taskView.lines')} dense>
          {answer.order.map((line, pos) => (
            <ListItem
              key={line}
              data-testid="line"
              draggable={!disabled}
              onDragStart={(e) => e.dataTransfer.setData('text/plain', String(pos))}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const from = Number(e.dataTransfer.getData('text/plain'));
                if (Number.isInteger(from) && from !== pos) {
                  const next = [...answer.order];
                  const [moved] = next.splice(from, 1);
                  next.splice(pos, 0, moved!);
                  onAnswer({ type: 7, order: next });
                }
              }}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 0.5, cursor: disabled ? 'default' : 'grab' }}
              secondaryAction={
                <Box>
                  <DeferredTooltip title={t('taskView.lineUp')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('taskView.lineUp')}
                        disabled={disabled || pos === 0}
                        onClick={() => move(pos, -1)}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </DeferredTooltip>
                  <DeferredTooltip title={t('taskView.lineDown')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('taskView.lineDown')}
                        disabled={disabled || pos === answer.order.length - 1}
                        onClick={() => move(pos, 1)}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </DeferredTooltip>
                </Box>
              }
            >
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  pr: 10,
                  '& pre, & p': { m: 0, fontFamily: 'monospace', whiteSpace: 'pre' },
                }}
              >
                <Box dangerouslySetInnerHTML={{ __html: sanitizeHtml(codes[line] ?? '') }} />
                <Mark rating={marks?.[pos]?.rating} />
              </Box>
            </ListItem>
          ))}
        </List>
      </Box>
    );
  }
  return content;
}
