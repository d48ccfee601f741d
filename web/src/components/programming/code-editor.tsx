/**
 * The code editor of programming tasks: Monaco (bundled), tab size 4, line numbers, line wrap; F11
 * toggles full screen and Esc leaves it (spec/2 §2.4, spec/3 §9). The editor is labelled for screen
 * readers; Esc outside full screen keeps Monaco's own meaning.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Box, useTheme } from '@mui/material';
import Editor, { type OnMount } from '@monaco-editor/react';
import { useTranslation } from 'react-i18next';
import { languageOf, monaco } from './monaco';

export interface CodeEditorProps {
  fileName: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  /** The course's editor template (language when the file name says nothing). */
  template?: string;
  label: string;
  height?: number | string;
  testId?: string;
  /** Line numbers (default on; a notebook cell may hide them). */
  lineNumbers?: boolean;
}

export function CodeEditor({ fileName, value, onChange, onBlur, readOnly, template, label, height = 320, testId, lineNumbers = true }: CodeEditorProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [full, setFull] = useState(false);
  // Each editor has its own model: two editors of one file name (requested file, author's solution) never share text.
  const modelPath = `${useId().replace(/[^A-Za-z0-9]/g, '')}/${fileName}`;
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // The editor's own listeners (registered once, on mount) read the latest values through these.
  const fullRef = useRef(full);
  const blurRef = useRef(onBlur);
  useLayoutEffect(() => {
    fullRef.current = full;
    blurRef.current = onBlur;
  });

  const fullKey = useRef<monaco.editor.IContextKey<boolean> | null>(null);
  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    editor.onDidBlurEditorText(() => blurRef.current?.());
    // Esc leaves full screen only while in it; otherwise it keeps Monaco's meanings (selections, widgets).
    fullKey.current = editor.createContextKey('lectioFullScreen', false);
    editor.addCommand(monaco.KeyCode.F11, () => setFull((f) => !f));
    editor.addCommand(monaco.KeyCode.Escape, () => setFull(false), 'lectioFullScreen && !suggestWidgetVisible && !findWidgetVisible');
  };

  useEffect(() => {
    fullKey.current?.set(full);
    editorRef.current?.layout();
    if (!full) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && fullRef.current) setFull(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [full]);

  return (
    <Box
      data-testid={testId}
      data-full-screen={full}
      sx={
        full
          ? { position: 'fixed', inset: 0, zIndex: (th) => th.zIndex.modal + 1, bgcolor: 'background.paper', p: 1 }
          : { height, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }
      }
    >
      <Editor
        height={full ? '100%' : '100%'}
        path={modelPath}
        language={languageOf(fileName, template)}
        value={value}
        theme={theme.palette.mode === 'dark' ? 'lectio-dark' : 'lectio-light'}
        onChange={(v) => onChange?.(v ?? '')}
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
          ariaLabel: `${label}. ${t('programming.editorKeys')}`,
          accessibilitySupport: 'on',
        }}
      />
    </Box>
  );
}
