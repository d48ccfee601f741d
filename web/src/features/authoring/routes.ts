/** Screens of the authoring feature's task editors, by route name (see lib/paths.ts). */
import type { LazyScreen } from '@/lib/lazy-screen';

const editor: LazyScreen = () => import('./task-editor/task-editor-page').then((m) => ({ Component: m.TaskEditorPage }));

export const taskEditorScreens: Record<string, LazyScreen> = {
  admin_content: editor,
  admin_type24: editor,
  admin_type56: editor,
  admin_type7: editor,
  task_edit: editor,
};

const viewer: LazyScreen = () => import('./task-viewer/task-viewer-page').then((m) => ({ Component: m.TaskViewerPage }));

export const taskViewerScreens: Record<string, LazyScreen> = {
  show_content: viewer,
  show_solutions: viewer,
};
