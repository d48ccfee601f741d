/**
 * Which pane plays a task, by type: the one table the chapter player and the timed player (competitions,
 * revisions) share. A task family with its own pane adds one entry; the heavy panes are lazy so a quiz
 * does not download Monaco or xterm (issue 20 item 22).
 */
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Box } from '@mui/material';
import type { SystemStyleObject } from '@mui/system';
import { PageSpinner } from '@/components/page-spinner';
import { afterLargestPaint } from '@/lib/after-paint';
import { TaskPane, type TaskPaneProps } from './task-pane';

/** What every pane is given (the question pane's props: task-pane.tsx). */
export type PaneProps = TaskPaneProps;

const ProgramPane = lazy(() => import('./program-pane').then((m) => ({ default: m.ProgramPane })));
const HtmlPane = lazy(() => import('./html-pane').then((m) => ({ default: m.HtmlPane })));
const EssayPane = lazy(() => import('./essay-pane').then((m) => ({ default: m.EssayPane })));
const NotebookPane = lazy(() => import('./notebook-pane').then((m) => ({ default: m.NotebookPane })));

/**
 * The height a program pane takes at least (program-pane.tsx: its toolbar and status line, then on narrow
 * screens the editor's 360 px and the terminal's 300 px below the assignment, on wide ones the 70vh layout,
 * at least 480 px): while its code loads, its place is kept, so what follows it does not jump down when it
 * arrives (a layout shift of 0.37 on a phone, issue 20 item 22). A little under the pane, never over.
 */
const programPaneHeight: SystemStyleObject = { minHeight: { xs: 740, md: 'max(calc(70vh + 90px), 570px)' } };

/** First match wins; the question pane (types 1-7) is the fallback. The optional style reserves the pane's place while it loads. */
const panes: ReadonlyArray<readonly [(type: number) => boolean, ComponentType<PaneProps>, SystemStyleObject?]> = [
  [(type) => type >= 8 && type <= 10, ProgramPane, programPaneHeight],
  [(type) => type === 11, HtmlPane],
  [(type) => type === 16 || type === 17, EssayPane],
  [(type) => type >= 12 && type <= 15, NotebookPane],
];

export const isProgramPane = (type: number) => type >= 8 && type <= 10;

/** Whether the page has painted since it loaded (module state: once is enough). */
let painted = false;

/**
 * False until the page's first paint has been shown (lib/after-paint `afterLargestPaint`): a heavy pane waits
 * for it, so the screen's heading and the pane's reserved place paint before its code is asked for (issue 20
 * item 22: on a phone, asking for it inside the first render added vite's preload links to that render and the
 * pane's ~90 KiB to the bytes before the first paint; asked for at that paint, they still came before the
 * browser counted it). Once the page has painted, panes render at once. A screen that does not want it (the
 * question pane is not lazy) neither waits nor renders again.
 */
function usePaintedOnce(wanted: boolean): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done || !wanted) return undefined;
    return afterLargestPaint(() => {
      painted = true;
      // A transition: the pane's first render (~60 ms here, four times that on a phone) yields to the browser
      // every few milliseconds instead of holding it as one task.
      startTransition(() => setDone(true));
    });
  }, [done, wanted]);
  return done;
}

export function TaskPaneFor(props: PaneProps) {
  const [, Pane = TaskPane, reserved] = panes.find(([matches]) => matches(props.task.task_type_id)) ?? [];
  const lazyPane = Pane !== TaskPane;
  const afterPaint = usePaintedOnce(lazyPane);
  const loading = reserved ? (
    <Box sx={reserved} data-testid="pane-loading">
      <PageSpinner />
    </Box>
  ) : (
    <PageSpinner />
  );
  if (lazyPane && !afterPaint) return loading;
  return (
    <Suspense fallback={loading}>
      <Pane key={props.task.task_id} {...props} />
    </Suspense>
  );
}
