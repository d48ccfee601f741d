/**
 * The Monaco part of the code editor, a chunk of its own: CodeEditor (code-editor.tsx) shows the code as
 * plain text and loads this only when the learner or author starts editing, so Monaco's evaluation is not
 * part of a page's load (issue 20 item 22: about 3 s of blocking time on a phone). Tab size 4, line
 * numbers, line wrap; F11 toggles full screen and Esc leaves it (spec/2 §2.4, spec/3 §9).
 */
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTheme } from '@mui/material';
import Editor, { type OnMount } from '@monaco-editor/react';
import { useTranslation } from 'react-i18next';
import { languageOf, monaco } from './monaco';
import type { CodeEditorProps } from './code-editor';

export interface MonacoEditorProps extends CodeEditorProps {
  /** The editor's name for screen readers (the plain view's too). */
  ariaLabel: string;
  full: boolean;
  onFullChange: (update: (full: boolean) => boolean) => void;
  /** Once mounted: where the plain view was pressed, and what was typed there while Monaco loaded. */
  takeOver: () => { focus: boolean; point?: { x: number; y: number }; typed: string };
  onReady: () => void;
}

/** How long a value Monaco reported counts as the page catching up with the typing. */
const RECENT_MS = 2_000;
const afterTwoFrames = (run: () => void) => requestAnimationFrame(() => requestAnimationFrame(run));

export default function MonacoEditor(props: MonacoEditorProps) {
  const { fileName, value, onChange, readOnly, template, ariaLabel, lineNumbers = true, full } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  // Each editor has its own model: two editors of one file name (requested file, author's solution) never share text.
  const modelPath = `${useId().replace(/[^A-Za-z0-9]/g, '')}/${fileName}`;
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // The editor's own listeners (registered once, on mount) read the latest props through this.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const fullKey = useRef<monaco.editor.IContextKey<boolean> | null>(null);
  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    editor.onDidBlurEditorText(() => latest.current.onBlur?.());
    // Esc leaves full screen only while in it; otherwise it keeps Monaco's meanings (selections, widgets).
    fullKey.current = editor.createContextKey('lectioFullScreen', false);
    editor.addCommand(monaco.KeyCode.F11, () => latest.current.onFullChange((f) => !f));
    editor.addCommand(monaco.KeyCode.Escape, () => latest.current.onFullChange(() => false), 'lectioFullScreen && !suggestWidgetVisible && !findWidgetVisible');
    const start = latest.current.takeOver();
    latest.current.onReady();
    if (!start.focus) return;
    editor.focus();
    const version = editor.getModel()?.getAlternativeVersionId();
    const caret = editor.getPosition();
    // Once Monaco has drawn its lines and the plain view is gone: the caret where the press was (unless the
    // user has typed or moved it since), then the keys typed while Monaco loaded.
    afterTwoFrames(() => {
      const untouched = editor.getModel()?.getAlternativeVersionId() === version && caret !== null && editor.getPosition()?.equals(caret);
      const target = untouched && start.point ? editor.getTargetAtClientPoint(start.point.x, start.point.y) : null;
      if (target?.position) editor.setPosition(target.position);
      if (start.typed && !latest.current.readOnly) editor.trigger('keyboard', 'type', { text: start.typed });
    });
  };

  // The text is Monaco's own while the user types: a render whose value is one Monaco reported a moment ago
  // is the page catching up, not a change from outside. (@monaco-editor/react's controlled `value` wrote
  // such a value back over newer keys: fast typing lost letters.) Anything else (a loaded solution, a
  // reset, another version) replaces the text, as one undoable edit.
  const reported = useRef<Array<{ text: string; at: number }>>([]);
  const onEdit = (next: string | undefined) => {
    const now = Date.now();
    reported.current = [...reported.current.filter((r) => now - r.at < RECENT_MS).slice(-50), { text: next ?? '', at: now }];
    onChange?.(next ?? '');
  };
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || value === model.getValue()) return;
    const now = Date.now();
    if (reported.current.some((r) => r.text === value && now - r.at < RECENT_MS)) return;
    reported.current = [];
    if (readOnly) editor.setValue(value);
    else {
      editor.executeEdits('', [{ range: model.getFullModelRange(), text: value, forceMoveMarkers: true }]);
      editor.pushUndoStop();
    }
  }, [value, readOnly]);

  useEffect(() => {
    fullKey.current?.set(full);
    editorRef.current?.layout();
    if (!full) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current.onFullChange(() => false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [full]);

  return (
    <Editor
      height="100%"
      path={modelPath}
      language={languageOf(fileName, template)}
      defaultValue={value}
      theme={theme.palette.mode === 'dark' ? 'lectio-dark' : 'lectio-light'}
      onChange={onEdit}
      onMount={onMount}
      loading={t('programming.loadingEditor')}
      options={{
        tabSize: 4,
        insertSpaces: true,
        lineNumbers: lineNumbers ? 'on' : 'off',
        wordWrap: 'on',
        readOnly,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        renderFinalNewline: 'on',
        automaticLayout: true,
        fontSize: 14,
        ariaLabel,
        accessibilitySupport: 'on',
      }}
    />
  );
}
