/**
 * The rich-text editor of the editing kit (tiptap, loaded only on the screens that edit): a fixed
 * toolbar, the Show HTML / Update toggle of spec/2 §2.4 (Show HTML opens the raw HTML, Update puts
 * it back), and what the task editors need (spec/2 §2.9): read-only, images dropped in (kept as data
 * URLs, resizable), a code-block tool and, for gap tasks, a "mark gap" tool that wraps the selected
 * text in §§ … §§ (a non-empty selection is required).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Box, Button, Divider, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import Code from '@mui/icons-material/Code';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Redo from '@mui/icons-material/Redo';
import Terminal from '@mui/icons-material/Terminal';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '@/components/safe-html';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  lang: string;
  testId?: string;
  readOnly?: boolean;
  /** Images dropped on the text are kept as data URLs and can be resized. */
  images?: boolean;
  /** The code-block tool, with its name. */
  codeBlockLabel?: string;
  /** The gap marking tool (task types 5-6), with its button text. */
  gapLabel?: string;
  /** A smaller text area (the task editors' panes). */
  compact?: boolean;
}

const readImage = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

function markGap(editor: Editor) {
  const { from, to } = editor.state.selection;
  const text = editor.state.doc.textBetween(from, to, '\n');
  if (!text.trim()) return;
  editor.chain().focus().insertContentAt({ from, to }, `§§${text}§§`).run();
}

function Toolbar({ editor, codeBlockLabel }: { editor: Editor; codeBlockLabel?: string }) {
  const { t } = useTranslation();
  const tool = (
    key: 'bold' | 'italic' | 'heading' | 'bulletList' | 'orderedList' | 'code',
    icon: ReactNode,
    run: () => boolean,
    active: boolean,
  ) => ({
    key,
    name: t(`catalogue.editor.${key}`),
    icon,
    run,
    active: active as boolean | undefined,
  });
  const tools = [
    tool('bold', <FormatBold fontSize="small" />, () => editor.chain().focus().toggleBold().run(), editor.isActive('bold')),
    tool(
      'italic',
      <FormatItalic fontSize="small" />,
      () => editor.chain().focus().toggleItalic().run(),
      editor.isActive('italic'),
    ),
    tool(
      'heading',
      <Title fontSize="small" />,
      () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
      editor.isActive('heading', { level: 3 }),
    ),
    tool(
      'bulletList',
      <FormatListBulleted fontSize="small" />,
      () => editor.chain().focus().toggleBulletList().run(),
      editor.isActive('bulletList'),
    ),
    tool(
      'orderedList',
      <FormatListNumbered fontSize="small" />,
      () => editor.chain().focus().toggleOrderedList().run(),
      editor.isActive('orderedList'),
    ),
    tool('code', <Code fontSize="small" />, () => editor.chain().focus().toggleCode().run(), editor.isActive('code')),
    ...(codeBlockLabel
      ? [
          {
            key: 'codeBlock',
            name: codeBlockLabel,
            icon: <Terminal fontSize="small" />,
            run: () => editor.chain().focus().toggleCodeBlock().run(),
            active: editor.isActive('codeBlock') as boolean | undefined,
          },
        ]
      : []),
    {
      key: 'undo',
      name: t('catalogue.editor.undo'),
      icon: <Undo fontSize="small" />,
      run: () => editor.chain().focus().undo().run(),
      active: undefined,
    },
    {
      key: 'redo',
      name: t('catalogue.editor.redo'),
      icon: <Redo fontSize="small" />,
      run: () => editor.chain().focus().redo().run(),
      active: undefined,
    },
  ];
  return (
    <Box role="toolbar" aria-label={t('catalogue.editor.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
      {tools.map((item) => (
        <Tooltip key={item.key} title={item.name}>
          <IconButton
            size="small"
            aria-label={item.name}
            aria-pressed={item.active}
            color={item.active ? 'primary' : 'default'}
            onClick={item.run}
          >
            {item.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}

export default function RichTextEditor({
  label,
  value,
  onChange,
  lang,
  testId,
  readOnly,
  images,
  codeBlockLabel,
  gapLabel,
  compact,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const [htmlMode, setHtmlMode] = useState(false);
  const [draft, setDraft] = useState(value);
  // HTML is sanitised before the editor parses it into the document: the initial value, pasted
  // HTML and the 'Show HTML' source. (Parsing unsanitised HTML in a live document would run an
  // <img onerror> before any later cleaning; only the CSP stood in the way.)
  const editor = useEditor({
    extensions: images
      ? [StarterKit, Image.configure({ allowBase64: true, resize: { enabled: true, alwaysPreserveAspectRatio: true } })]
      : [StarterKit],
    content: sanitizeHtml(value),
    editable: !readOnly,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', lang },
      transformPastedHTML: (html) => sanitizeHtml(html),
      handleDrop: (view, event) => {
        if (!images) return false;
        const files = Array.from(event.dataTransfer?.files ?? []).filter((f) => f.type.startsWith('image/'));
        if (!files.length) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void Promise.all(files.map(readImage)).then((srcs) => {
          for (const src of srcs) {
            const node = view.state.schema.nodes.image?.create({ src });
            if (node) view.dispatch(view.state.tr.insert(at ?? view.state.selection.from, node));
          }
        });
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // A value from outside (another language, a loaded task) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed || !editor.view?.dom?.isConnected) return;
    if (value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  const toggle = () => {
    if (!editor) return;
    if (htmlMode) {
      editor.commands.setContent(sanitizeHtml(draft), { emitUpdate: true });
      onChange(editor.isEmpty ? '' : editor.getHTML());
    } else {
      setDraft(editor.isEmpty ? '' : editor.getHTML());
    }
    setHtmlMode(!htmlMode);
  };

  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        {gapLabel && editor && !htmlMode && !readOnly && (
          <Button size="small" onClick={() => markGap(editor)} data-testid={testId && `${testId}-gap`}>
            {gapLabel}
          </Button>
        )}
        <Button size="small" onClick={toggle} disabled={readOnly} data-testid={testId && `${testId}-toggle`}>
          {htmlMode ? t('catalogue.editor.update') : t('catalogue.editor.showHtml')}
        </Button>
      </Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {htmlMode ? (
          <TextField
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={6}
            fullWidth
            variant="standard"
            slotProps={{
              input: { disableUnderline: true, sx: { p: 1, fontFamily: 'monospace', fontSize: 13 } },
              htmlInput: {
                'aria-label': t('catalogue.editor.htmlSource', { label }),
                spellCheck: false,
                'data-testid': testId && `${testId}-html`,
              },
            }}
          />
        ) : (
          editor && (
            <>
              {!readOnly && <Toolbar editor={editor} codeBlockLabel={codeBlockLabel} />}
              <Divider />
              <Box
                sx={{
                  p: 1,
                  minHeight: compact ? 100 : 140,
                  '& .ProseMirror': { outline: 'none', minHeight: compact ? 80 : 120 },
                  '& .ProseMirror > :first-of-type': { mt: 0 },
                  '& .ProseMirror img': { maxWidth: '100%' },
                  '&:focus-within': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
                }}
              >
                <EditorContent editor={editor} />
              </Box>
            </>
          )
        )}
      </Box>
    </Box>
  );
}
