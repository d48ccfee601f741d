/**
 * The program sections of the type 8-10 editor (spec/2 §2.9): Program files (file list, requested file,
 * author's solution with Run and Evaluate through the judge preview and a terminal with the % score),
 * Test cases (type 8, and whether a failed case's report shows its input and expected output), Config
 * files (9, 10; the first three protected), Data files (files to keep; .bin uploads as base64). Files are
 * added, renamed inline (Enter confirms, Esc cancels) and deleted (an existing file only after
 * confirmation: it goes in every language).
 */
import { useRef, useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  IconButton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import TaskAlt from '@mui/icons-material/TaskAlt';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { gradeColour } from '@lectio/shared';
import { CodeEditor } from '@/components/programming/code-editor';
import { JudgeTerminal, type JudgeTerminalHandle } from '@/components/programming/judge-terminal';
import { useJudgeRun } from '@/components/programming/use-judge-run';
import { CaseReportOption } from './case-report-option';
import {
  addFile,
  canDelete,
  deleteFile,
  isBinaryName,
  isProtected,
  liveFiles,
  renameFile,
  renameProblem,
  type FileListKey,
  type ProgramParts,
  type SectionKey,
} from './program-model';

interface ProgramSectionsProps {
  type: number;
  parts: ProgramParts;
  onParts: (parts: ProgramParts) => void;
  extension: string;
  template: string;
  readOnly: boolean;
  /** Preview needs a saved task (the judge loads its course and type). */
  taskId: number;
  courseId: number;
}

function Section({ id, title, visibility, children }: { id: SectionKey; title: string; visibility: ProgramParts['visibility']; children: ReactNode }) {
  if (!visibility[id].show) return null;
  return (
    <Accordion defaultExpanded={!visibility[id].collapse} variant="outlined" disableGutters data-testid={`section-${id}`}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`section-${id}-content`} id={`section-${id}-header`}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`section-${id}-content`}>{children}</AccordionDetails>
    </Accordion>
  );
}

interface FileListProps {
  list: FileListKey;
  parts: ProgramParts;
  onParts: (parts: ProgramParts) => void;
  extension: string;
  readOnly: boolean;
  selected: number;
  onSelect: (index: number) => void;
  upload?: boolean;
}

/** File tabs with add, inline rename, delete (with confirmation for stored files) and upload. */
function FileList({ list, parts, onParts, extension, readOnly, selected, onSelect, upload }: FileListProps) {
  const { t } = useTranslation();
  const files = liveFiles(parts, list);
  const index = Math.min(selected, files.length - 1);
  const current = files[index];
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problem = renaming !== null ? renameProblem(parts, list, index, renaming) : null;

  const remove = () => {
    if (!current) return;
    if (current.status === 1) {
      onParts(deleteFile(parts, list, index));
      onSelect(Math.max(0, index - 1));
    } else setConfirm(true);
  };
  const onUpload = async (file: File) => {
    const binary = isBinaryName(file.name);
    const content = binary ? await toBase64(file) : await file.text();
    const next = addFile(parts, list, extension, { name: file.name, content, ...(binary ? { encoding: 'base64' as const } : {}) });
    onParts(next);
    onSelect(Math.max(0, liveFiles(next, list).findIndex((f) => f.name === file.name)));
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', mb: 1 }}>
      {renaming !== null ? (
        <TextField
          size="small"
          autoFocus
          label={t('programEditor.fileName')}
          value={renaming}
          error={!!problem}
          helperText={problem ? t(`programEditor.nameProblems.${problem}`) : t('programEditor.renameHint')}
          onChange={(e) => setRenaming(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!problem) {
                onParts(renameFile(parts, list, index, renaming));
                setRenaming(null);
              }
            } else if (e.key === 'Escape') {
              e.preventDefault();
              setRenaming(null);
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': `rename-${list}`, maxLength: 200 } }}
        />
      ) : (
        <Tabs value={Math.max(0, index)} onChange={(_e, v: number) => onSelect(v)} variant="scrollable" aria-label={t(`programEditor.lists.${list}`)} sx={{ flexGrow: 1, minWidth: 0, minHeight: 40 }}>
          {files.map((f, i) => (
            <Tab key={`${f.name}-${i}`} value={i} label={f.name} sx={{ textTransform: 'none', minHeight: 40 }} data-testid={`tab-${list}`} />
          ))}
        </Tabs>
      )}
      {!readOnly && (
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={t('programEditor.addFile')}>
            <IconButton aria-label={t('programEditor.addFile')} onClick={() => { onParts(addFile(parts, list, extension)); onSelect(files.length); }} data-testid={`add-${list}`}>
              <Add />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('programEditor.renameFile')}>
            <span>
              <IconButton aria-label={t('programEditor.renameFile')} disabled={!current || isProtected(list, index) || renaming !== null} onClick={() => setRenaming(current!.name)} data-testid={`rename-button-${list}`}>
                <DriveFileRenameOutline />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('programEditor.deleteFile')}>
            <span>
              <IconButton aria-label={t('programEditor.deleteFile')} disabled={!current || !canDelete(list, index)} onClick={remove} data-testid={`delete-${list}`}>
                <Delete />
              </IconButton>
            </span>
          </Tooltip>
          {upload && (
            <>
              <Tooltip title={t('programEditor.upload')}>
                <IconButton aria-label={t('programEditor.upload')} onClick={() => input.current?.click()} data-testid={`upload-${list}`}>
                  <UploadFile />
                </IconButton>
              </Tooltip>
              <input
                ref={input}
                type="file"
                hidden
                aria-hidden="true"
                tabIndex={-1}
                data-testid={`upload-input-${list}`}
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void onUpload(f);
                  e.target.value = '';
                }}
              />
            </>
          )}
        </Stack>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby={`confirm-${list}`}>
        <DialogTitle id={`confirm-${list}`}>{t('programEditor.deleteTitle', { name: current?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('programEditor.deleteWarning')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('programEditor.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirm(false);
              onParts(deleteFile(parts, list, index));
              onSelect(Math.max(0, index - 1));
            }}
            data-testid={`confirm-delete-${list}`}
          >
            {t('programEditor.deleteFile')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The selected file of a plain list (config or data files) in Monaco, or a note for a binary one. */
function PlainFileEditor({ list, parts, onParts, index, readOnly, template }: { list: 'filesToKeep' | 'configFiles'; parts: ProgramParts; onParts: (p: ProgramParts) => void; index: number; readOnly: boolean; template: string }) {
  const { t } = useTranslation();
  const files = liveFiles(parts, list);
  const file = files[Math.min(index, files.length - 1)];
  if (!file) return <Typography color="text.secondary">{t('programEditor.noFiles')}</Typography>;
  if (file.encoding === 'base64') return <Alert severity="info">{t('programEditor.binaryFile', { name: file.name, bytes: Math.floor((file.content.length * 3) / 4) - (file.content.match(/=*$/)?.[0].length ?? 0) })}</Alert>;
  const set = (content: string) => onParts({ ...parts, [list]: parts[list].map((f) => (f === file ? { ...f, content } : f)) });
  return <CodeEditor key={`${list}-${file.name}`} fileName={file.name} value={file.content} onChange={set} readOnly={readOnly} template={template} label={t('programEditor.fileContent', { name: file.name })} height={260} testId={`editor-${list}`} />;
}

export function ProgramSections({ type, parts, onParts, extension, template, readOnly, taskId, courseId }: ProgramSectionsProps) {
  const { t } = useTranslation();
  const [sel, setSel] = useState<Record<FileListKey, number>>({ files: 0, filesToKeep: 0, configFiles: 0 });
  const terminal = useRef<JudgeTerminalHandle>(null);
  const judge = useJudgeRun({
    onTerminal: (text) => terminal.current?.write(text),
    onOutcome: (o) => {
      if (o.exeType !== 1) return;
      // The evaluation's report and the % score in the terminal.
      terminal.current?.write(`${o.compilation}${o.execution}`.replace(/\r?\n/g, '\r\n'));
      if (o.grade !== null) terminal.current?.write(`\r\n${t('programming.gradeLine', { grade: o.grade.toFixed(2) })}\r\n`);
    },
  });
  const files = liveFiles(parts, 'files');
  const fi = Math.min(sel.files, files.length - 1);
  const file = files[fi];
  const setFile = (patch: { rContent?: string; aContent?: string }) => onParts({ ...parts, files: parts.files.map((f) => (f === file ? { ...f, ...patch } : f)) });
  const strip = (list: Array<{ name: string; content: string; encoding?: 'base64' }>) =>
    list.map((f) => ({ filename: f.name, filecontent: f.content, ...(f.encoding ? { encoding: f.encoding } : {}) }));

  const preview = (exeType: 0 | 1) => {
    terminal.current?.clear();
    void judge.start({
      taskId,
      taskTypeId: type,
      exeType,
      files: files.map((f) => ({ filename: f.name, filecontent: f.aContent })),
      preview: {
        courseId,
        keepFiles: strip(liveFiles(parts, 'filesToKeep')),
        configFiles: strip(liveFiles(parts, 'configFiles')),
        testCases: type === 8 ? parts.testCases : '',
      },
    });
  };
  const grade = judge.outcome?.exeType === 1 ? judge.outcome.grade : null;
  // An evaluation that printed no grade is said in the editor with the judge's own words (why it failed).
  const noGrade = judge.outcome?.exeType === 1 && grade === null ? `${judge.outcome.compilation}${judge.outcome.execution}`.trim() : null;
  const colour = grade === null ? null : gradeColour(grade);

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Section id="files" title={t('programEditor.programFiles')} visibility={parts.visibility}>
        <FileList list="files" parts={parts} onParts={onParts} extension={extension} readOnly={readOnly} selected={sel.files} onSelect={(i) => setSel({ ...sel, files: i })} />
        {file && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                {t('programEditor.requestedFile', { name: file.name })}
              </Typography>
              <CodeEditor key={`r-${file.name}`} fileName={file.name} value={file.rContent} onChange={(v) => setFile({ rContent: v })} readOnly={readOnly} template={template} label={t('programEditor.requestedFile', { name: file.name })} height={260} testId="editor-requested" />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                {t('programEditor.authorSolution', { name: file.name })}
              </Typography>
              <CodeEditor key={`a-${file.name}`} fileName={file.name} value={file.aContent} onChange={(v) => setFile({ aContent: v })} readOnly={readOnly} template={template} label={t('programEditor.authorSolution', { name: file.name })} height={260} testId="editor-solution" />
            </Grid>
          </Grid>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {judge.running ? (
            <Button color="error" variant="outlined" startIcon={<Stop />} onClick={judge.stop} data-testid="preview-stop">
              {t('programming.stop')}
            </Button>
          ) : (
            <>
              <Button variant="outlined" startIcon={<PlayArrow />} onClick={() => preview(0)} disabled={taskId === 0} data-testid="preview-run">
                {t('programming.run')}
              </Button>
              <Button variant="contained" startIcon={<TaskAlt />} onClick={() => preview(1)} disabled={taskId === 0} data-testid="preview-evaluate">
                {t('programming.evaluate')}
              </Button>
            </>
          )}
          {taskId === 0 && <Typography variant="body2" color="text.secondary">{t('programEditor.saveFirst')}</Typography>}
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" data-testid="preview-status">
            {judge.status}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {grade !== null && (
            <Typography
              sx={{ fontWeight: 700, color: colour === 'green' ? 'success.main' : colour === 'red' ? 'error.main' : 'warning.dark' }}
              data-testid="preview-grade"
              data-colour={colour}
            >
              {`${grade.toFixed(2)} %`}
            </Typography>
          )}
        </Stack>
        {noGrade !== null && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="preview-no-grade">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('programming.noGrade')} {t('programEditor.noGradeReason')}
            </Typography>
            <Box component="pre" sx={{ m: 0, mt: 0.5, maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap', fontSize: 13 }} tabIndex={0} aria-label={t('programEditor.judgeOutput')}>
              {noGrade.split('\n').slice(-12).join('\n') || t('programEditor.noOutput')}
            </Box>
          </Alert>
        )}
        <Box sx={{ height: 220, mt: 1 }}>
          <JudgeTerminal ref={terminal} acceptsInput={judge.interactive} onLine={judge.input} label={t('programming.terminal')} testId="preview-terminal" />
        </Box>
      </Section>

      {type === 8 && (
        <Section id="testCases" title={t('programEditor.testCases')} visibility={parts.visibility}>
          <CodeEditor fileName="vpl_evaluate.cases" value={parts.testCases} onChange={(testCases) => onParts({ ...parts, testCases })} readOnly={readOnly} label={t('programEditor.testCases')} height={260} testId="editor-test-cases" />
          <Typography variant="caption" color="text.secondary">
            {t('programEditor.casesHint')}
          </Typography>
          <CaseReportOption checked={parts.showHiddenCases} onChange={(showHiddenCases) => onParts({ ...parts, showHiddenCases })} readOnly={readOnly} />
        </Section>
      )}

      {(type === 9 || type === 10) && (
        <Section id="configFiles" title={t('programEditor.configFiles')} visibility={parts.visibility}>
          <FileList list="configFiles" parts={parts} onParts={onParts} extension={extension} readOnly={readOnly} selected={sel.configFiles} onSelect={(i) => setSel({ ...sel, configFiles: i })} upload />
          <PlainFileEditor list="configFiles" parts={parts} onParts={onParts} index={sel.configFiles} readOnly={readOnly} template={template} />
        </Section>
      )}

      <Section id="filesToKeep" title={t('programEditor.dataFiles')} visibility={parts.visibility}>
        <FileList list="filesToKeep" parts={parts} onParts={onParts} extension={extension} readOnly={readOnly} selected={sel.filesToKeep} onSelect={(i) => setSel({ ...sel, filesToKeep: i })} upload />
        <PlainFileEditor list="filesToKeep" parts={parts} onParts={onParts} index={sel.filesToKeep} readOnly={readOnly} template={template} />
      </Section>
    </Stack>
  );
}
