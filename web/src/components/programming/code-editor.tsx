/**
 * The code editor of programming tasks (spec/2 §2.4, spec/3 §9). It first shows the code as plain text, a
 * focusable, labelled text box in Monaco's font, colours and line numbers; the first press, focus or key
 * turns it into Monaco (monaco-editor.tsx, loaded then: a hover fetches it ahead), with the caret where
 * the press was and what was typed meanwhile. A page with editors thus loads without Monaco's evaluation
 * (issue 20 item 22: about 3 s of blocking time on a phone for the programming player).
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { Alert, Box, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { retryingImport, useRetryingImport } from '@/lib/retrying-import';

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

/**
 * Monaco's code. A failed fetch (offline, or a deploy replaced the chunk) leaves the plain view in place with
 * a notice, and the next press fetches again (React.lazy kept the failure and took the page down with it).
 */
const monacoCode = retryingImport(() => import('./monaco-editor').then((module) => module.default));
/** Fetches (and evaluates) Monaco ahead of the first press; a failed fetch is tried again by the press. */
const warmMonaco = () => void monacoCode.get().catch(() => undefined);

/**
 * Monaco's own metrics and colours: font 14 px, line height 19 px, line numbers at least 5 digits wide
 * and the code 26 px after them (its decorations and folding margin); the lectio themes' line numbers.
 */
const look = {
  fontFamily: "'Droid Sans Mono', monospace",
  codeIndent: '26px',
  light: { background: '#fffffe', text: '#000000', lineNumber: '#56707a' },
  dark: { background: '#1e1e1e', text: '#d4d4d4', lineNumber: '#a8a8a8' },
};

export function CodeEditor(props: CodeEditorProps) {
  const { value, readOnly, label, height = 320, testId, lineNumbers = true } = props;
  const { t } = useTranslation();
  // the editor's name for screen readers, the same on the plain view and on Monaco
  const ariaLabel = `${label}. ${t('programming.editorKeys')}`;
  const [full, setFull] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const plain = useRef<HTMLDivElement | null>(null);
  const start = useRef<{ point?: { x: number; y: number }; typed: string }>({ typed: '' });
  // Code fetched before (a hover, another editor of the page) is there at once.
  const MonacoEditor = useRetryingImport(monacoCode, wanted, () => {
    setWanted(false);
    setFailed(true);
  });

  return (
    <Box
      data-testid={testId}
      data-full-screen={full}
      data-editor={ready ? 'monaco' : 'plain'}
      sx={
        full
          ? { position: 'fixed', inset: 0, zIndex: (th) => th.zIndex.modal + 1, bgcolor: 'background.paper', p: 1 }
          : { position: 'relative', height, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }
      }
    >
      {wanted && MonacoEditor && (
        // eslint-disable-next-line react-hooks/static-components -- the loaded module's component, one for the page's life
        <MonacoEditor
          {...props}
          ariaLabel={ariaLabel}
          full={full}
          onFullChange={setFull}
          takeOver={() => ({ ...start.current, focus: plain.current !== null && plain.current === document.activeElement })}
          onReady={() => setReady(true)}
        />
      )}
      {failed && (
        <Alert severity="warning" role="alert" sx={{ position: 'absolute', insetInline: 0, bottom: 0, zIndex: 2, py: 0 }}>
          {t('programming.editorLoadFailed')}
        </Alert>
      )}
      {!ready && (
        <PlainCode
          ref={plain}
          value={value}
          ariaLabel={ariaLabel}
          readOnly={readOnly}
          lineNumbers={lineNumbers}
          loading={wanted}
          onStart={(point) => {
            if (point) start.current.point = point;
            setFailed(false);
            setWanted(true);
          }}
          onType={(text) => {
            start.current.typed += text;
          }}
        />
      )}
    </Box>
  );
}

interface PlainCodeProps {
  ref: Ref<HTMLDivElement>;
  value: string;
  ariaLabel: string;
  readOnly?: boolean;
  lineNumbers: boolean;
  loading: boolean;
  onStart: (point?: { x: number; y: number }) => void;
  onType: (text: string) => void;
}

/** The code as text until Monaco takes over (the editor's label and keys, read by screen readers as Monaco's). */
function PlainCode({ ref, value, ariaLabel, readOnly, lineNumbers, loading, onStart, onType }: PlainCodeProps) {
  const colours = useTheme().palette.mode === 'dark' ? look.dark : look.light;
  const lines = value.split('\n');
  const digits = Math.max(5, String(lines.length).length);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === 'Tab' || readOnly) return;
    const text = e.key === 'Enter' ? '\n' : e.key.length === 1 ? e.key : '';
    if (!text) return;
    e.preventDefault();
    onType(text);
    onStart();
  };
  return (
    <Box
      ref={ref}
      role="textbox"
      aria-multiline="true"
      aria-readonly={readOnly || undefined}
      aria-busy={loading || undefined}
      aria-label={ariaLabel}
      tabIndex={0}
      data-plain-code
      onPointerEnter={warmMonaco}
      onPointerDown={(e: PointerEvent) => onStart({ x: e.clientX, y: e.clientY })}
      onFocus={() => onStart()}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        overflow: 'auto',
        py: 0,
        cursor: 'text',
        fontFamily: look.fontFamily,
        fontSize: 14,
        lineHeight: '19px',
        bgcolor: colours.background,
        color: colours.text,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        // one rule for every line (a Box per line made its styles once per line on every render)
        '& > div': { display: 'flex' },
        '& > div > span': {
          flex: 'none',
          width: `${digits}ch`,
          textAlign: 'right',
          color: colours.lineNumber,
          userSelect: 'none',
        },
        '& > div > code': {
          flex: 1,
          minWidth: 0,
          font: 'inherit',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          pl: look.codeIndent,
        },
      }}
    >
      {lines.map((line, index) => (
        <div key={index}>
          {lineNumbers && <span aria-hidden>{index + 1}</span>}
          <code>{line || '\u200b'}</code>
        </div>
      ))}
    </Box>
  );
}
