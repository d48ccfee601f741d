/**
 * The rich-text detail editor of the course form (tiptap, loaded only on this screen), with the
 * Show HTML / Update toggle of spec/2 §2.4: Show HTML opens the raw HTML, Update puts it back.
 */
import { useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Box, Button, Divider, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import Code from '@mui/icons-material/Code';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Redo from '@mui/icons-material/Redo';
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
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const tools = [
    {
      key: 'bold',
      icon: <FormatBold fontSize="small" />,
      run: () => editor.chain().focus().toggleBold().run(),
      active: editor.isActive('bold'),
    },
    {
      key: 'italic',
      icon: <FormatItalic fontSize="small" />,
      run: () => editor.chain().focus().toggleItalic().run(),
      active: editor.isActive('italic'),
    },
    {
      key: 'heading',
      icon: <Title fontSize="small" />,
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
      active: editor.isActive('heading', { level: 3 }),
    },
    {
      key: 'bulletList',
      icon: <FormatListBulleted fontSize="small" />,
      run: () => editor.chain().focus().toggleBulletList().run(),
      active: editor.isActive('bulletList'),
    },
    {
      key: 'orderedList',
      icon: <FormatListNumbered fontSize="small" />,
      run: () => editor.chain().focus().toggleOrderedList().run(),
      active: editor.isActive('orderedList'),
    },
    {
      key: 'code',
      icon: <Code fontSize="small" />,
      run: () => editor.chain().focus().toggleCode().run(),
      active: editor.isActive('code'),
    },
    { key: 'undo', icon: <Undo fontSize="small" />, run: () => editor.chain().focus().undo().run(), active: false },
    { key: 'redo', icon: <Redo fontSize="small" />, run: () => editor.chain().focus().redo().run(), active: false },
  ] as const;
  return (
    <Box role="toolbar" aria-label={t('catalogue.editor.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
      {tools.map((tool) => {
        const label = t(`catalogue.editor.${tool.key}`);
        return (
          <Tooltip key={tool.key} title={label}>
            <IconButton
              size="small"
              aria-label={label}
              aria-pressed={tool.key === 'undo' || tool.key === 'redo' ? undefined : tool.active}
              color={tool.active ? 'primary' : 'default'}
              onClick={tool.run}
            >
              {tool.icon}
            </IconButton>
          </Tooltip>
        );
      })}
    </Box>
  );
}

export default function RichTextEditor({ label, value, onChange, lang, testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [htmlMode, setHtmlMode] = useState(false);
  const [draft, setDraft] = useState(value);
  // HTML is sanitised before the editor parses it into the document: the initial value, pasted
  // HTML and the 'Show HTML' source. (Parsing unsanitised HTML in a live document would run an
  // <img onerror> before any later cleaning; only the CSP stood in the way.)
  const editor = useEditor({
    extensions: [StarterKit],
    content: sanitizeHtml(value),
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', lang },
      transformPastedHTML: (html) => sanitizeHtml(html),
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

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
        <Button size="small" onClick={toggle} data-testid={testId && `${testId}-toggle`}>
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
              htmlInput: { 'aria-label': t('catalogue.editor.htmlSource', { label }), spellCheck: false },
            }}
          />
        ) : (
          editor && (
            <>
              <Toolbar editor={editor} />
              <Divider />
              <Box
                sx={{
                  p: 1,
                  minHeight: 140,
                  '& .ProseMirror': { outline: 'none', minHeight: 120 },
                  '& .ProseMirror > :first-of-type': { mt: 0 },
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
