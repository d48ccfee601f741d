/**
 * The admin viewer of a program task (spec/2 §2.8 "Programming viewer"): a collapsible Assignment
 * panel, a grade percentage button, a build icon (compiler output), a list icon (execution output), a
 * green run icon; file tabs hold the learner's editable files (their starting code). Check evaluates them
 * through the judge preview with the task's own test cases, config and data files; Show answer reveals
 * the author's solution below; Show help shows the help with a Hide Help button.
 */
import { useMemo, useRef, useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Grid, IconButton, Paper, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import Build from '@mui/icons-material/Build';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import PlayCircle from '@mui/icons-material/PlayCircle';
import Stop from '@mui/icons-material/Stop';
import { useTranslation } from 'react-i18next';
import { gradeDisplay } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import { CodeEditor } from '@/components/programming/code-editor';
import { JudgeTerminal, type JudgeTerminalHandle } from '@/components/programming/judge-terminal';
import { useJudgeRun } from '@/components/programming/use-judge-run';
import { liveFiles, programFrom } from '../task-editor/program-model';

interface ProgramViewerProps {
  taskId: number;
  courseId: number;
  type: number;
  content: string;
  globals: string;
  solutionsFirst: boolean;
  onClose: () => void;
}

const colours = { blue: 'info.main', green: 'success.main', red: 'error.main', orange: 'warning.dark' } as const;

export function ProgramViewer({ taskId, courseId, type, content, globals, solutionsFirst, onClose }: ProgramViewerProps) {
  const { t } = useTranslation();
  const parts = useMemo(() => programFrom(type, content, globals), [type, content, globals]);
  const texts = useMemo(() => {
    try {
      const c = JSON.parse(content || '{}') as { title?: string; assignment?: string; help?: string };
      return { title: c.title ?? '', assignment: c.assignment ?? '', help: c.help ?? '' };
    } catch {
      return { title: '', assignment: '', help: '' };
    }
  }, [content]);
  const files = liveFiles(parts, 'files');
  const [code, setCode] = useState<Record<string, string>>(() => Object.fromEntries(files.map((f) => [f.name, f.rContent])));
  const [selected, setSelected] = useState(0);
  const [showHelp, setShowHelp] = useState(false);
  const [showAnswer, setShowAnswer] = useState(solutionsFirst);
  const [panel, setPanel] = useState<'compilation' | 'execution' | null>(null);
  const terminal = useRef<JudgeTerminalHandle>(null);
  const judge = useJudgeRun({
    onTerminal: (text) => terminal.current?.write(text),
    onOutcome: (o) => {
      if (o.exeType === 1) setPanel(gradeDisplay(o.grade, o.compilation, o.execution).panel);
    },
  });
  const strip = (list: Array<{ name: string; content: string; encoding?: 'base64' }>) => list.map((f) => ({ filename: f.name, filecontent: f.content, ...(f.encoding ? { encoding: f.encoding } : {}) }));
  const start = (exeType: 0 | 1) => {
    terminal.current?.clear();
    setPanel(null);
    void judge.start({
      taskId,
      taskTypeId: type,
      exeType,
      files: files.map((f) => ({ filename: f.name, filecontent: code[f.name] ?? '' })),
      preview: { courseId, keepFiles: strip(liveFiles(parts, 'filesToKeep')), configFiles: strip(liveFiles(parts, 'configFiles')), testCases: parts.testCases },
    });
  };
  const outcome = judge.outcome?.exeType === 1 ? judge.outcome : null;
  const display = outcome ? gradeDisplay(outcome.grade, outcome.compilation, outcome.execution) : null;
  const file = files[Math.min(selected, files.length - 1)];

  return (
    <Grid container spacing={2} data-testid="program-viewer">
      <Grid size={{ xs: 12, md: 3, lg: 2 }}>
        <Stack spacing={1}>
          <Button variant="outlined" onClick={() => setShowHelp(true)} data-testid="viewer-help">
            {t('taskViewer.showHelp')}
          </Button>
          <Button variant="outlined" onClick={() => setShowAnswer(!showAnswer)} data-testid="viewer-answer">
            {t('taskViewer.showAnswer')}
          </Button>
          <Button variant="contained" onClick={() => start(1)} disabled={judge.running} data-testid="viewer-check">
            {t('taskViewer.check')}
          </Button>
          {/* The left bar's Close is the screen's one Close (spec/2 §2.8 has it do nothing; one that works serves better). */}
          <Button onClick={onClose} data-testid="viewer-close">
            {t('taskViewer.close')}
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 9, lg: 10 }}>
        <Accordion defaultExpanded variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls="viewer-assignment" id="viewer-assignment-header">
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {texts.title || t('programming.assignment')}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id="viewer-assignment">
            <SafeHtml html={texts.assignment} />
          </AccordionDetails>
        </Accordion>
        {showHelp && (
          <Paper variant="outlined" sx={{ p: 2, mt: 1 }} data-testid="viewer-help-panel">
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2" component="h2" sx={{ flexGrow: 1 }}>
                {t('player.help')}
              </Typography>
              <Button size="small" onClick={() => setShowHelp(false)} data-testid="viewer-hide-help">
                {t('programEditor.hideHelp')}
              </Button>
            </Stack>
            <SafeHtml html={texts.help} />
          </Paper>
        )}
        <Paper variant="outlined" sx={{ p: 1.5, mt: 1 }}>
          <Stack direction="row" role="toolbar" aria-label={t('player.toolbar')} sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
            {display && outcome?.grade !== null && outcome && (
              <Button
                size="small"
                variant="outlined"
                onClick={() => setPanel(display.panel)}
                sx={{ color: colours[display.colour ?? 'blue'], borderColor: colours[display.colour ?? 'blue'], fontWeight: 700 }}
                data-testid="viewer-grade"
                data-colour={display.colour}
              >
                {`${outcome.grade!.toFixed(2)} %`}
              </Button>
            )}
            <Tooltip title={t('programming.compilerInfo')}>
              <IconButton aria-label={t('programming.compilerInfo')} onClick={() => setPanel(panel === 'compilation' ? null : 'compilation')} sx={{ color: display ? { red: 'error.main', green: 'success.main', neutral: 'text.secondary' }[display.compilerIcon] : 'text.secondary' }}>
                <Build />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('programming.execInfo')}>
              <IconButton aria-label={t('programming.execInfo')} onClick={() => setPanel(panel === 'execution' ? null : 'execution')}>
                <FormatListBulleted />
              </IconButton>
            </Tooltip>
            {judge.running ? (
              <Tooltip title={t('programming.stop')}>
                <IconButton aria-label={t('programming.stop')} onClick={judge.stop} color="error">
                  <Stop />
                </IconButton>
              </Tooltip>
            ) : (
              <Tooltip title={t('programming.run')}>
                <IconButton aria-label={t('programming.run')} onClick={() => start(0)} sx={{ color: 'success.dark' }} data-testid="viewer-run">
                  <PlayCircle />
                </IconButton>
              </Tooltip>
            )}
            <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ ml: 1 }}>
              {judge.status}
            </Typography>
          </Stack>
          <Tabs value={Math.min(selected, Math.max(0, files.length - 1))} onChange={(_e, v: number) => setSelected(v)} aria-label={t('programming.files')} variant="scrollable" sx={{ minHeight: 36 }}>
            {files.map((f) => (
              <Tab key={f.name} label={f.name} sx={{ minHeight: 36, textTransform: 'none' }} />
            ))}
          </Tabs>
          {file && (
            <CodeEditor key={file.name} fileName={file.name} value={code[file.name] ?? ''} onChange={(v) => setCode((c) => ({ ...c, [file.name]: v }))} label={t('programming.editorLabel', { file: file.name })} height={280} testId="viewer-editor" />
          )}
          {panel && outcome && (
            <Box component="pre" tabIndex={0} sx={{ m: 0, mt: 1, p: 1, maxHeight: 240, overflow: 'auto', fontSize: 13, bgcolor: 'action.hover', whiteSpace: 'pre-wrap' }} data-testid={`viewer-${panel}`}>
              {panel === 'compilation' ? outcome.compilation : outcome.execution}
            </Box>
          )}
          <Box sx={{ height: 180, mt: 1 }}>
            <JudgeTerminal ref={terminal} acceptsInput={judge.interactive} onLine={judge.input} label={t('programming.terminal')} testId="viewer-terminal" />
          </Box>
        </Paper>
        {showAnswer && (
          <Paper variant="outlined" sx={{ p: 1.5, mt: 1 }} data-testid="viewer-answer-panel">
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('programming.authorSolution')}
            </Typography>
            {files.map((f) => (
              <Box key={f.name} sx={{ mb: 1 }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {f.name}
                </Typography>
                <CodeEditor fileName={f.name} value={f.aContent} readOnly label={t('programEditor.authorSolution', { name: f.name })} height={200} />
              </Box>
            ))}
          </Paper>
        )}
      </Grid>
    </Grid>
  );
}
