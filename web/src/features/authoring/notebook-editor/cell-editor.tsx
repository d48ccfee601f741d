/**
 * One language's cells in the notebook editor (issue 25 item 2): add, move, delete and edit cells of each
 * type (editor, code, markdown, equation, raw), the code cells' flags (runnable, line numbers, read-only),
 * run a code cell through the notebook's runner and keep its outputs (png width included), import and
 * export an `.ipynb`.
 */
import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { fromIpynb, NOTEBOOK_CELL_TYPES, sourceLines, toIpynb, type NotebookCell, type NotebookOutput } from '@lectio/shared';
import { InputPromptField, OutputView, askBelowCell, type InputPrompt } from '@/components/notebook';
import { newCell } from './model';

export interface CellEditorProps {
  lang: number;
  langName: string;
  cells: NotebookCell[];
  onCells: (cells: NotebookCell[]) => void;
  readOnly: boolean;
  /** Runs a code and answers its outputs and execution count; `onInput` answers the code's `input()`. */
  onRun: (
    code: string,
    onInput: (prompt: string, password: boolean) => Promise<string>,
  ) => Promise<{ outputs: NotebookOutput[]; count: number | null }>;
  running: boolean;
  onMessage: (text: string, severity?: 'success' | 'error') => void;
  /** Told apart from the pane's own cells (an option's cells: '-a0'). */
  testIdSuffix?: string;
}

export function CellEditor({
  lang,
  langName,
  cells,
  onCells,
  readOnly,
  onRun,
  running,
  onMessage,
  testIdSuffix = '',
}: CellEditorProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string>('code');
  const [prompt, setPrompt] = useState<InputPrompt | null>(null);
  const file = useRef<HTMLInputElement>(null);
  /** The cell's `input()` is answered in a field below it (Enter sends), as in the player. */
  const askBelow = (index: number) => askBelowCell(setPrompt, index);
  const update = (index: number, change: Partial<NotebookCell>) =>
    onCells(cells.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const move = (index: number, by: number) => {
    const next = [...cells];
    const [cell] = next.splice(index, 1);
    next.splice(index + by, 0, cell!);
    onCells(next);
  };
  const importFile = async (f: File) => {
    try {
      const imported = fromIpynb(await f.text());
      onCells([...cells, ...imported]);
      onMessage(t('notebook.imported', { count: imported.length }), 'success');
    } catch {
      onMessage(t('notebook.importFailed'), 'error');
    }
  };
  const exportFile = () => {
    const blob = new Blob([JSON.stringify(toIpynb(cells), null, 1)], { type: 'application/x-ipynb+json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `notebook-${langName.toLowerCase()}.ipynb`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <Box component="section" aria-label={`${t('notebook.cells')} (${langName})`} data-testid={`cells-${lang}${testIdSuffix}`}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('notebook.cells')}
        </Typography>
        <input
          ref={file}
          type="file"
          accept=".ipynb,application/json"
          hidden
          aria-label={t('notebook.importIpynb')}
          data-testid={`ipynb-file-${lang}${testIdSuffix}`}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void importFile(f);
            e.target.value = '';
          }}
        />
        <Button size="small" startIcon={<FileUpload />} disabled={readOnly} onClick={() => file.current?.click()}>
          {t('notebook.importIpynb')}
        </Button>
        <Button size="small" startIcon={<FileDownload />} onClick={exportFile} data-testid={`export-${lang}${testIdSuffix}`}>
          {t('notebook.exportIpynb')}
        </Button>
      </Stack>
      {cells.length === 0 && <Typography color="text.secondary">{t('notebook.noCells')}</Typography>}
      <Stack spacing={1}>
        {cells.map((cell, index) => {
          const known = (NOTEBOOK_CELL_TYPES as readonly string[]).includes(cell.cell_type);
          const meta = cell.metadata ?? {};
          return (
            <Paper key={index} variant="outlined" sx={{ p: 1 }} data-testid="edit-cell" data-cell-type={cell.cell_type}>
              <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
                <TextField
                  select
                  size="small"
                  label={t('notebook.cellType')}
                  value={known ? cell.cell_type : ''}
                  disabled={readOnly}
                  onChange={(e) => update(index, { cell_type: e.target.value })}
                  sx={{ minWidth: 150 }}
                  slotProps={{ select: { inputProps: { 'data-testid': 'cell-type' } } }}
                >
                  {NOTEBOOK_CELL_TYPES.map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`notebook.cellTypes.${k}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {cell.cell_type === 'code' &&
                  (['runnable', 'showLines', 'readOnly'] as const).map((flag) => (
                    <FormControlLabel
                      key={flag}
                      control={
                        <Checkbox
                          size="small"
                          checked={flag === 'readOnly' ? meta.readOnly === true : meta[flag] !== false}
                          disabled={readOnly}
                          onChange={(e) => update(index, { metadata: { ...meta, [flag]: e.target.checked } })}
                        />
                      }
                      label={t(`notebook.${flag}`)}
                    />
                  ))}
                <Box sx={{ flexGrow: 1 }} />
                {cell.cell_type === 'code' && (
                  <Tooltip title={t('notebook.runCell')}>
                    <span>
                      <IconButton
                        color="success"
                        aria-label={`${t('notebook.runCell')} ${index + 1}`}
                        disabled={running}
                        data-testid="author-run"
                        onClick={() =>
                          void onRun(cell.source.join(''), askBelow(index))
                            .then((r) => update(index, { outputs: r.outputs, execution_count: r.count }))
                            .finally(() => setPrompt(null))
                        }
                      >
                        <PlayArrow />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                <Tooltip title={t('notebook.moveUp')}>
                  <span>
                    <IconButton
                      aria-label={`${t('notebook.moveUp')} ${index + 1}`}
                      disabled={readOnly || index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('notebook.moveDown')}>
                  <span>
                    <IconButton
                      aria-label={`${t('notebook.moveDown')} ${index + 1}`}
                      disabled={readOnly || index === cells.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('notebook.deleteCell')}>
                  <span>
                    <IconButton
                      aria-label={`${t('notebook.deleteCell')} ${index + 1}`}
                      disabled={readOnly}
                      onClick={() => onCells(cells.filter((_, i) => i !== index))}
                      data-testid="delete-cell"
                    >
                      <Delete />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
              <TextField
                multiline
                fullWidth
                minRows={2}
                maxRows={20}
                label={`${t('notebook.source')} ${index + 1}`}
                value={cell.source.join('')}
                disabled={readOnly}
                onChange={(e) => update(index, { source: sourceLines(e.target.value) })}
                slotProps={{
                  htmlInput: {
                    'data-testid': 'cell-source',
                    spellCheck: cell.cell_type === 'code' ? false : undefined,
                    style: { fontFamily: cell.cell_type === 'code' || cell.cell_type === 'raw' ? 'monospace' : undefined },
                  },
                }}
                sx={{ mt: 1 }}
              />
              {prompt?.index === index && <InputPromptField key={prompt.prompt} prompt={prompt} />}
              {(cell.outputs ?? []).length > 0 && (
                <Box sx={{ mt: 1 }} role="region" aria-label={t('notebook.outputOf', { n: index + 1 })}>
                  {(cell.outputs ?? []).map((o, i) => (
                    <OutputView
                      key={i}
                      output={o}
                      label={t('notebook.imageOf', { n: index + 1, i: i + 1 })}
                      onWidth={
                        readOnly
                          ? undefined
                          : (w) =>
                              update(index, { outputs: (cell.outputs ?? []).map((x, j) => (j === i ? { ...x, width: w } : x)) })
                      }
                    />
                  ))}
                </Box>
              )}
            </Paper>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('notebook.cellType')}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          disabled={readOnly}
          sx={{ minWidth: 150 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'new-cell-type' } } }}
        >
          {NOTEBOOK_CELL_TYPES.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`notebook.cellTypes.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<Add />}
          disabled={readOnly}
          onClick={() => onCells([...cells, newCell(kind)])}
          data-testid={`add-cell-${lang}${testIdSuffix}`}
        >
          {t('notebook.addCell')}
        </Button>
      </Stack>
    </Box>
  );
}
