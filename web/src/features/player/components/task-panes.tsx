/**
 * Which pane plays a task, by type: the one table the chapter player and the timed player (competitions,
 * revisions) share. A task family with its own pane adds one entry; the heavy panes are lazy so a quiz
 * does not download Monaco or xterm (issue 20 item 22).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '@/components/page-spinner';
import { TaskPane, type TaskPaneProps } from './task-pane';

/** What every pane is given (the question pane's props: task-pane.tsx). */
export type PaneProps = TaskPaneProps;

const ProgramPane = lazy(() => import('./program-pane').then((m) => ({ default: m.ProgramPane })));
const HtmlPane = lazy(() => import('./html-pane').then((m) => ({ default: m.HtmlPane })));
const EssayPane = lazy(() => import('./essay-pane').then((m) => ({ default: m.EssayPane })));
const NotebookPane = lazy(() => import('./notebook-pane').then((m) => ({ default: m.NotebookPane })));

/** First match wins; the question pane (types 1-7) is the fallback. */
const panes: ReadonlyArray<readonly [(type: number) => boolean, ComponentType<PaneProps>]> = [
  [(type) => type >= 8 && type <= 10, ProgramPane],
  [(type) => type === 11, HtmlPane],
  [(type) => type === 16 || type === 17, EssayPane],
  [(type) => type >= 12 && type <= 15, NotebookPane],
];

export const isProgramPane = (type: number) => type >= 8 && type <= 10;

export function TaskPaneFor(props: PaneProps) {
  const Pane = panes.find(([matches]) => matches(props.task.task_type_id))?.[1] ?? TaskPane;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Pane key={props.task.task_id} {...props} />
    </Suspense>
  );
}
