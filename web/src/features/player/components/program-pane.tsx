/**
 * A program task (types 8-10) in the player (spec/3 "Task player", §4 "Code run"): six layouts of
 * assignment, editor and terminal with draggable splitters (the view switch cycles 0-5); file tabs in
 * Monaco; terminal tabs Console, Compiler info, Exec-info and Test results; the toolbar (load default
 * code, save code, run, evaluate, report, stars, buy help and answer in chapters). Code is saved on
 * editor blur and before a run, only when something changed and not everything is blank. The grade is
 * computed on the server; the learner's view never holds tests or the author's solution until bought.
 */
import { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, IconButton, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import { useQueryClient } from '@tanstack/react-query';
import BugReport from '@mui/icons-material/BugReport';
import Build from '@mui/icons-material/Build';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import PlayArrow from '@mui/icons-material/PlayArrow';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Save from '@mui/icons-material/Save';
import Stop from '@mui/icons-material/Stop';
import TaskAlt from '@mui/icons-material/TaskAlt';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import Warning from '@mui/icons-material/Warning';
import { useTranslation } from 'react-i18next';
import { gradeDisplay, testReport, withSemicolon } from '@lectio/shared';
import { useFeedback } from '@/components/feedback/feedback';
import { CodeEditor } from '@/components/programming/code-editor';
import { JudgeTerminal, type JudgeTerminalHandle } from '@/components/programming/judge-terminal';
import { SplitPane } from '@/components/programming/split-pane';
import { useJudgeRun, type JudgeOutcome } from '@/components/programming/use-judge-run';
import { loadProgram, playerKeys, saveProgram, useAfterChange, type PlayerTaskData } from '../api/player';
import { nextView, shouldSave, withSaved, type ProgramFiles } from '../lib/program';
import { ProgramInfo } from './program-info';
import { LightTabs } from '@/components/light-tabs';
import { TaskStars, ToolButton, useTaskActivityLog, useTaskExtras } from './task-extras';
import { usePlayMode } from '../lib/play-mode';

interface ProgramView {
  title: string;
  assignment: string;
  help: string;
  files: Array<{ name: string; rContent: string }>;
}

function parseProgram(content: string): ProgramView {
  try {
    const c = JSON.parse(content || '{}') as Partial<ProgramView>;
    return { title: c.title ?? '', assignment: c.assignment ?? '', help: c.help ?? '', files: c.files ?? [] };
  } catch {
    return { title: '', assignment: '', help: '', files: [] };
  }
}

export interface ProgramPaneProps {
  task: PlayerTaskData;
  chapterId: number;
  canBuy: boolean;
  fullScreen: boolean;
  onToggleFullScreen: () => void;
}

type TerminalTab = 'console' | 'compiler' | 'exec' | 'tests';
type Files = ProgramFiles;
const gradeColours = { blue: 'info.main', green: 'success.main', red: 'error.main', orange: 'warning.main' } as const;

export function ProgramPane({ task, chapterId, canBuy, fullScreen, onToggleFullScreen }: ProgramPaneProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const view = useMemo(() => parseProgram(task.content), [task.content]);
  const defaults = useMemo(() => Object.fromEntries(view.files.map((f) => [f.name, f.rContent])), [view]);
  const [files, setFiles] = useState<Files>(defaults);
  const saved = useRef<Files>(defaults);
  const [loaded, setLoaded] = useState(false);
  const [selected, setSelected] = useState(0);
  const [layout, setLayout] = useState(0);
  const [termTab, setTermTab] = useState<TerminalTab>('console');
  const [rating, setRating] = useState(task.rating);
  const { help, solution, buyButtons, dialogs, openReport } = useTaskExtras(task, chapterId);
  const transcript = useRef('');
  const terminal = useRef<JudgeTerminalHandle>(null);
  const opened = useTaskActivityLog(task.task_id);
  const { activityType, saveSignal } = usePlayMode();
  const after = useAfterChange(chapterId);
  const queryClient = useQueryClient();
  // A phone has no room for panes side by side: assignment, editor and terminal stack (no view switch).
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const toTerminal = (text: string) => {
    transcript.current += text.replace(/\r\n/g, '\n');
    terminal.current?.write(text);
  };

  const onOutcome = (o: JudgeOutcome) => {
    if (o.exeType === 1) {
      setTermTab(o.compilation.trim() ? 'compiler' : 'tests');
      if (o.task) setRating(o.task.rating);
      after(o.user?.performance);
      void queryClient.invalidateQueries({ queryKey: playerKeys.mine(task.task_id) });
      if (o.grade !== null) toTerminal(`\r\n${t('programming.gradeLine', { grade: o.grade.toFixed(2) })}\r\n`);
    } else if (o.compilation.trim()) setTermTab('compiler');
  };
  const judge = useJudgeRun({ onTerminal: toTerminal, onOutcome });

  // The learner's saved code replaces the starting code of the files it names. In a transition: an answer's
  // update outside an event renders the whole pane in one task (React's default lane is not time-sliced), a
  // long task on a phone's first screen (issue 20 item 22).
  useEffect(() => {
    let live = true;
    loadProgram(task.task_id, activityType)
      .then((r) => {
        if (!live || !r.code) return;
        const next = withSaved(defaults, r.code);
        saved.current = next;
        startTransition(() => setFiles(next));
      })
      .catch(() => undefined)
      .finally(() => live && startTransition(() => setLoaded(true)));
    return () => {
      live = false;
    };
  }, [task.task_id, defaults, activityType]);

  const asList = (f: Files) => view.files.map((x) => ({ filename: x.name, filecontent: task.task_type_id === 10 ? withSemicolon(f[x.name] ?? '') : (f[x.name] ?? '') }));

  const save = async (force = false) => {
    const current = files;
    if (!force && !shouldSave(current, saved.current)) return true;
    try {
      await saveProgram(task.task_id, view.files.map((x) => ({ filename: x.name, filecontent: current[x.name] ?? '' })), activityType);
      saved.current = current;
      return true;
    } catch {
      return false; // the shared feedback area shows the failure
    }
  };

  // A competition's countdown asks for a save (10 s left, every sync): the open code is kept on the server.
  const saveNow = useRef(save);
  useEffect(() => {
    saveNow.current = save;
  });
  useEffect(() => {
    if (saveSignal > 0) void saveNow.current();
  }, [saveSignal]);

  const start = async (exeType: 0 | 1) => {
    if (judge.running) return;
    await save();
    terminal.current?.clear();
    transcript.current = '';
    setTermTab('console');
    await judge.start({ taskId: task.task_id, taskTypeId: task.task_type_id, exeType, files: asList(files), timeLength: Math.round((Date.now() - opened) / 1000), activityType });
  };

  const loadSolution = (code: string) => {
    setFiles(withSaved(defaults, code));
    feedback.show(t('programming.solutionLoaded'), 'success');
  };

  const outcome = judge.outcome;
  const display = outcome && outcome.exeType === 1 ? gradeDisplay(outcome.grade, outcome.compilation, outcome.execution) : null;
  const report_ = outcome ? testReport(outcome.execution) : [];
  const file = view.files[Math.min(selected, view.files.length - 1)];

  const assignmentPanel = <ProgramInfo taskId={task.task_id} title={view.title} assignment={view.assignment} help={help} onLoadSolution={loadSolution} />;

  const editorPanel = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 0.5 }}>
      <LightTabs
        tabs={view.files.map((f, i) => ({ value: i, label: f.name, testId: 'file-tab' }))}
        value={Math.min(selected, Math.max(0, view.files.length - 1))}
        onChange={setSelected}
        label={t('programming.files')}
        layout="swipe"
        height={36}
        tabSx={{ textTransform: 'none' }}
      />
      {file && (
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <CodeEditor
            key={file.name}
            fileName={file.name}
            value={files[file.name] ?? ''}
            onChange={(v) => setFiles((prev) => ({ ...prev, [file.name]: v }))}
            onBlur={() => void save()}
            label={t('programming.editorLabel', { file: file.name })}
            height="100%"
            testId="code-editor"
          />
        </Box>
      )}
    </Box>
  );

  const terminalPanel = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 0.5 }}>
      <LightTabs
        tabs={[
          { value: 'console', label: t('programming.console'), testId: 'tab-console' },
          { value: 'compiler', label: t('programming.compilerInfo'), testId: 'tab-compiler' },
          { value: 'exec', label: t('programming.execInfo'), testId: 'tab-exec' },
          { value: 'tests', label: t('programming.testResults'), testId: 'tab-tests' },
        ]}
        value={termTab}
        onChange={setTermTab}
        label={t('programming.terminalTabs')}
        layout="wrap"
        height={36}
      />
      <Box sx={{ flex: 1, minHeight: 0, display: termTab === 'console' ? 'block' : 'none' }}>
        <JudgeTerminal
          ref={terminal}
          acceptsInput={judge.interactive}
          onLine={judge.input}
          label={t('programming.terminal')}
          // eslint-disable-next-line react-hooks/refs -- a terminal mounted again (another layout) starts from the output so far
          initial={transcript.current}
          testId="terminal"
        />
      </Box>
      {termTab === 'compiler' && (
        <Box component="pre" sx={{ flex: 1, m: 0, p: 1, overflow: 'auto', fontSize: 13, bgcolor: 'action.hover' }} data-testid="compiler-info" tabIndex={0}>
          {outcome?.compilation || t('programming.noCompilerInfo')}
        </Box>
      )}
      {termTab === 'exec' && (
        <Box component="pre" sx={{ flex: 1, m: 0, p: 1, overflow: 'auto', fontSize: 13, bgcolor: 'action.hover' }} data-testid="exec-info" tabIndex={0}>
          {outcome?.execution || t('programming.noExecInfo')}
        </Box>
      )}
      {termTab === 'tests' && (
        <Box sx={{ flex: 1, overflow: 'auto', p: 1 }} data-testid="test-results" tabIndex={0} role="region" aria-label={t('programming.testResults')}>
          {report_.length === 0 && <Typography color="text.secondary">{t('programming.noTestResults')}</Typography>}
          {report_.map((b, i) => (
            <Box key={i} sx={{ mb: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {b.title || t('programming.output')}
              </Typography>
              {b.lines.length > 0 && (
                <Box component="pre" sx={{ m: 0, p: 1, fontSize: 13, bgcolor: 'action.hover', whiteSpace: 'pre-wrap' }}>
                  {b.lines.join('\n')}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );

  const split = (direction: 'row' | 'column', a: ReactNode, b: ReactNode, initial = 50, testId?: string) => (
    <SplitPane direction={direction} initial={initial} label={t('programming.splitter')} testId={testId}>
      {[a, b]}
    </SplitPane>
  );
  const layouts: ReactNode[] = [
    split('row', assignmentPanel, split('column', editorPanel, terminalPanel, 60), 35),
    split('column', assignmentPanel, split('column', editorPanel, terminalPanel, 60), 25),
    split('row', split('column', assignmentPanel, terminalPanel, 50), editorPanel, 40),
    split('row', editorPanel, terminalPanel, 60),
    split('column', editorPanel, terminalPanel, 65),
    split('column', split('row', assignmentPanel, editorPanel, 40), terminalPanel, 65),
  ];

  const gradeIcon =
    display?.colour === 'green' ? <CheckCircle /> : display?.colour === 'red' ? <ErrorIcon /> : display?.colour === 'orange' ? <Warning /> : <TaskAlt />;
  const compilerColour = display ? { red: 'error.main', green: 'success.main', neutral: 'text.secondary' }[display.compilerIcon] : 'text.secondary';

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="task-pane" data-task-type={task.task_type_id}>
      <Stack direction="row" role="toolbar" aria-label={t('player.toolbar')} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }}>
        {!narrow && <ToolButton label={t('programming.viewSwitch', { view: layout })} icon={<ViewQuilt />} onClick={() => setLayout(nextView)} testId="view-switch" />}
        <ToolButton
          label={fullScreen ? t('player.exitFullScreen') : t('player.fullScreen')}
          icon={fullScreen ? <FullscreenExit /> : <Fullscreen />}
          onClick={onToggleFullScreen}
          testId="full-screen"
        />
        <ToolButton label={t('programming.loadDefault')} icon={<RestartAlt />} onClick={() => setFiles(defaults)} testId="load-default" disabled={judge.running} />
        <ToolButton
          label={t('programming.saveCode')}
          icon={<Save />}
          onClick={() => void save(true).then((ok) => ok && feedback.show(t('programming.saved'), 'success'))}
          testId="save-code"
          disabled={!loaded}
        />
        {judge.running ? (
          <Button size="small" color="error" variant="outlined" startIcon={<Stop />} onClick={judge.stop} data-testid="stop">
            {t('programming.stop')}
          </Button>
        ) : (
          <>
            <Button size="small" variant="outlined" startIcon={<PlayArrow />} onClick={() => void start(0)} disabled={!loaded} data-testid="run">
              {t('programming.run')}
            </Button>
            <Button size="small" variant="contained" startIcon={<TaskAlt />} onClick={() => void start(1)} disabled={!loaded} data-testid="evaluate">
              {t('programming.evaluate')}
            </Button>
          </>
        )}
        <ToolButton label={t('player.report')} icon={<BugReport />} onClick={openReport} testId="report" />
        {canBuy && buyButtons}
        <Box sx={{ flexGrow: 1 }} />
        <DeferredTooltip title={t('programming.compilerInfo')}>
          <IconButton aria-label={t('programming.compilerInfo')} onClick={() => setTermTab('compiler')} sx={{ color: compilerColour }} data-testid="compiler-icon">
            <Build />
          </IconButton>
        </DeferredTooltip>
        {display && outcome?.grade !== null && outcome && (
          <Button
            size="small"
            variant="outlined"
            startIcon={gradeIcon}
            onClick={() => display.panel && setTermTab(display.panel === 'compilation' ? 'compiler' : 'exec')}
            sx={{ color: gradeColours[display.colour ?? 'blue'], borderColor: gradeColours[display.colour ?? 'blue'], fontWeight: 700 }}
            data-testid="grade"
            data-colour={display.colour}
          >
            {`${outcome.grade!.toFixed(2)} %`}
          </Button>
        )}
        <TaskStars rating={rating} />
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ minHeight: 20, mb: 0.5 }} data-testid="run-status">
        {judge.status}
      </Typography>

      {narrow ? (
        <Stack spacing={1} data-testid="program-layout" data-view="stacked">
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '60vh', overflow: 'auto' }}>{assignmentPanel}</Box>
          <Box sx={{ height: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>{editorPanel}</Box>
          <Box sx={{ height: 300, border: 1, borderColor: 'divider', borderRadius: 1 }}>{terminalPanel}</Box>
        </Stack>
      ) : (
        <Box sx={{ height: fullScreen ? 'calc(100vh - 140px)' : '70vh', minHeight: 480 }} data-testid="program-layout" data-view={layout}>
          {layouts[layout]}
        </Box>
      )}

      {solution && (
        <Box sx={{ mt: 2 }} data-testid="answer-panel">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('programming.authorSolution')}
          </Typography>
          {solution.map((s) => (
            <Box key={s.feedback} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {s.feedback}
              </Typography>
              <CodeEditor fileName={s.feedback} value={s.answer} readOnly label={t('programming.authorSolution')} height={200} />
            </Box>
          ))}
        </Box>
      )}
      {outcome && outcome.exeType === 1 && outcome.grade === null && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('programming.noGrade')}
        </Alert>
      )}

      {dialogs}
    </Paper>
  );
}
