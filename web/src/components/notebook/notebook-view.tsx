/**
 * The notebook view shared by the player, the admin task viewer, the editor's preview and the book
 * (issue 25; spec/3 §3 Notebook cell, §9): markdown and equations rendered and sanitised, rich-text
 * (editor) cells sanitised, raw cells as text, code cells as a Monaco editor (tab size 4, line numbers
 * unless the cell hides them, loaded lazily) or read-only code, with their outputs: text, or png with a
 * width slider (10-500 %, default 100). An unknown cell type shows '--- ERROR ---' (spec/2 §2.3).
 */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Box, Chip, IconButton, Slider, Stack, Tooltip, Typography } from '@mui/material';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { cellFlags, cellText, IMAGE_WIDTH_DEFAULT, IMAGE_WIDTH_MAX, IMAGE_WIDTH_MIN, type NotebookCell, type NotebookOutput } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import 'katex/dist/katex.min.css';
import { renderEquation, renderMarkdown } from './render';

const CodeEditor = lazy(() => import('@/components/programming/code-editor').then((m) => ({ default: m.CodeEditor })));

export const UNKNOWN_CELL = '--- ERROR ---';

function Html({ html, testId }: { html: string; testId?: string }) {
  // Already sanitised by render.ts (markdown, KaTeX): set as is.
  return <Box data-testid={testId} sx={{ '& > :first-of-type': { mt: 0 }, '& img': { maxWidth: '100%' }, overflowX: 'auto' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

function MarkdownCell({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <Html html={html} testId="markdown-cell" />;
}

function EquationCell({ text }: { text: string }) {
  const html = useMemo(() => renderEquation(text), [text]);
  return <Html html={html} testId="equation-cell" />;
}

/** One output: text as printed, or a png with its width slider. */
export function OutputView({ output, onWidth, label }: { output: NotebookOutput; onWidth?: (width: number) => void; label: string }) {
  const { t } = useTranslation();
  if (output.atype === 'png') {
    const width = output.width ?? IMAGE_WIDTH_DEFAULT;
    return (
      <Box data-testid="png-output">
        <Box component="img" src={`data:image/png;base64,${output.output}`} alt={label} sx={{ width: `${width}%`, maxWidth: 'none', display: 'block' }} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 360 }}>
          <Typography variant="caption" id={`${label}-w`} sx={{ whiteSpace: 'nowrap' }}>
            {t('notebook.imageWidth', { width })}
          </Typography>
          <Slider
            size="small"
            min={IMAGE_WIDTH_MIN}
            max={IMAGE_WIDTH_MAX}
            value={width}
            onChange={(_, v) => onWidth?.(v as number)}
            slotProps={{ input: { 'aria-label': t('notebook.imageWidthLabel'), 'data-testid': 'image-width' } as object }}
          />
        </Stack>
      </Box>
    );
  }
  return (
    <Box component="pre" data-testid="text-output" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13 }}>
      {output.output}
    </Box>
  );
}

export interface NotebookViewProps {
  cells: NotebookCell[];
  /** The code shown per code cell (default: its source). */
  codes?: Record<number, string>;
  outputs?: Record<number, NotebookOutput[]>;
  counts?: Record<number, number | null>;
  /** Code cells are edited here unless the cell is read-only. */
  onCode?: (index: number, code: string) => void;
  onCodeBlur?: (index: number) => void;
  onRun?: (index: number) => void;
  running?: number | null;
  onWidth?: (index: number, output: number, width: number) => void;
  /** Extra controls under a code cell (the player's code versions). */
  codeExtras?: (index: number) => ReactNode;
  /** Under the cell that asked for input. */
  below?: (index: number) => ReactNode;
}

export function NotebookView({ cells, codes, outputs, counts, onCode, onCodeBlur, onRun, running = null, onWidth, codeExtras, below }: NotebookViewProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} data-testid="notebook">
      {cells.map((cell, index) => {
        const flags = cellFlags(cell);
        const text = cellText(cell);
        let body: ReactNode;
        switch (cell.cell_type) {
          case 'markdown':
            body = <MarkdownCell text={text} />;
            break;
          case 'equation':
            body = <EquationCell text={text} />;
            break;
          case 'editor':
            body = <SafeHtml html={text} />;
            break;
          case 'raw':
            body = (
              <Box component="pre" data-testid="raw-cell" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13 }}>
                {text}
              </Box>
            );
            break;
          case 'code': {
            const code = codes?.[index] ?? text;
            const count = counts?.[index] ?? cell.execution_count ?? null;
            const editable = !!onCode && !flags.readOnly;
            const lines = Math.max(3, Math.min(20, code.split('\n').length + 1));
            const label = t('notebook.codeCell', { n: index + 1 });
            body = (
              <Box data-testid="code-cell" data-index={index}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Stack sx={{ alignItems: 'center', minWidth: 48 }}>
                    {onRun && flags.runnable && (
                      <Tooltip title={t('notebook.runCell')}>
                        <span>
                          <IconButton size="small" color="success" aria-label={`${t('notebook.runCell')} ${index + 1}`} onClick={() => onRun(index)} disabled={running !== null} data-testid="run-cell">
                            <PlayArrow />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                    <Typography variant="caption" color="text.secondary" aria-label={t('notebook.executionCount')}>
                      [{running === index ? '*' : (count ?? ' ')}]
                    </Typography>
                  </Stack>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    {editable ? (
                      <Suspense fallback={<Box component="pre" sx={{ m: 0, fontFamily: 'monospace' }}>{code}</Box>}>
                        <CodeEditor fileName={`cell${index + 1}.py`} value={code} onChange={(v) => onCode(index, v)} onBlur={() => onCodeBlur?.(index)} label={label} height={lines * 19 + 8} lineNumbers={flags.showLines} />
                      </Suspense>
                    ) : (
                      <Box component="pre" aria-label={label} sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, overflowX: 'auto' }}>
                        {code}
                      </Box>
                    )}
                    {codeExtras?.(index)}
                  </Box>
                </Stack>
                <Box sx={{ pl: 7, pt: 0.5 }} role="region" aria-label={t('notebook.outputOf', { n: index + 1 })} aria-live="polite">
                  {(outputs?.[index] ?? cell.outputs ?? []).map((o, i) => (
                    <OutputView key={i} output={o} label={t('notebook.imageOf', { n: index + 1, i: i + 1 })} onWidth={onWidth ? (w) => onWidth(index, i, w) : undefined} />
                  ))}
                </Box>
              </Box>
            );
            break;
          }
          default:
            body = <Chip color="error" label={UNKNOWN_CELL} data-testid="unknown-cell" />;
        }
        return (
          <Box key={index} data-cell-type={cell.cell_type} sx={{ borderLeft: 3, borderColor: running === index ? 'primary.main' : 'transparent', pl: 1 }}>
            {body}
            {below?.(index)}
          </Box>
        );
      })}
    </Stack>
  );
}
