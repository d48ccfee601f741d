/** The notebook view, toolbar and run state shared by the player, the authoring viewer and editor, and the book (issue 25). */
export { NotebookView, OutputView, UNKNOWN_CELL, type NotebookViewProps } from './notebook-view';
export { InputPromptField, NotebookToolbar } from './notebook-toolbar';
export { askBelowCell, useNotebookRun, type NotebookRun, type InputPrompt } from './use-notebook-run';
export { renderEquation, renderMarkdown } from './render';
export { NotebookAnswerFields, emptyNotebookAnswer, notebookAnswerList, type NotebookAnswerValue } from './notebook-answer';
export { parseNotebookView, type LearnerNotebook } from './learner-notebook';
