/**
 * Rich text of the task editors (spec/2 §2.9): tiptap with a fixed toolbar, image drop and resize
 * (images are kept as data URLs), Show HTML / Update, and for gap tasks a "mark gap" tool that
 * wraps the selected text in §§ … §§ (a non-empty selection is required).
 */
import { useEffect, useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Box, Button, Divider, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import Code from '@mui/icons-material/Code';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import Terminal from '@mui/icons-material/Terminal';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import Redo from '@mui/icons-material/Redo';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '@/components/safe-html';

export interface TaskRichTextProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  lang: string;
  readOnly?: boolean;
  /** Types 5-6: offer the gap marking tool. */
  gaps?: boolean;
  testId?: string;
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

export default function TaskRichText({ label, value, onChange, lang, readOnly, gaps, testId }: TaskRichTextProps) {
  const { t } = useTranslation();
  const [htmlMode, setHtmlMode] = useState(false);
  const [draft, setDraft] = useState(value);
  const editor = useEditor({
    extensions: [StarterKit, Image.configure({ allowBase64: true, resize: { enabled: true, alwaysPreserveAspectRatio: true } })],
    // As in components/editing/rich-text-editor: HTML is sanitised before the editor parses it
    // (initial value, pasted HTML, 'Show HTML' source); parsing it raw would run its handlers.
    content: sanitizeHtml(value),
    editable: !readOnly,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', lang },
      transformPastedHTML: (html) => sanitizeHtml(html),
      handleDrop: (view, event) => {
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

  // Another language or a loaded task replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed || !editor.view?.dom?.isConnected) return;
    if (value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  const toggle = () => {
    if (!editor) return;
    if (htmlMode) {
      editor.commands.setContent(sanitizeHtml(draft), { emitUpdate: true });
      onChange(editor.isEmpty ? '' : editor.getHTML());
    } else setDraft(editor.isEmpty ? '' : editor.getHTML());
    setHtmlMode(!htmlMode);
  };

  const tools = editor
    ? [
        { key: 'bold', icon: <FormatBold fontSize="small" />, run: () => editor.chain().focus().toggleBold().run(), active: editor.isActive('bold') },
        { key: 'italic', icon: <FormatItalic fontSize="small" />, run: () => editor.chain().focus().toggleItalic().run(), active: editor.isActive('italic') },
        { key: 'heading', icon: <Title fontSize="small" />, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(), active: editor.isActive('heading') },
        { key: 'bulletList', icon: <FormatListBulleted fontSize="small" />, run: () => editor.chain().focus().toggleBulletList().run(), active: editor.isActive('bulletList') },
        { key: 'code', icon: <Code fontSize="small" />, run: () => editor.chain().focus().toggleCode().run(), active: editor.isActive('code') },
        { key: 'codeBlock', icon: <Terminal fontSize="small" />, run: () => editor.chain().focus().toggleCodeBlock().run(), active: editor.isActive('codeBlock') },
        { key: 'undo', icon: <Undo fontSize="small" />, run: () => editor.chain().focus().undo().run(), active: false },
        { key: 'redo', icon: <Redo fontSize="small" />, run: () => editor.chain().focus().redo().run(), active: false },
      ]
    : [];

  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        {gaps && editor && !htmlMode && !readOnly && (
          <Button size="small" onClick={() => markGap(editor)} data-testid={testId && `${testId}-gap`}>
            {t('taskEditor.markGap')}
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
              htmlInput: { 'aria-label': t('catalogue.editor.htmlSource', { label }), spellCheck: false, 'data-testid': testId && `${testId}-html` },
            }}
          />
        ) : (
          editor && (
            <>
              {!readOnly && (
                <Box role="toolbar" aria-label={t('catalogue.editor.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
                  {tools.map((tool) => {
                    const name = tool.key === 'codeBlock' ? t('taskEditor.codeBlock') : t(`catalogue.editor.${tool.key as 'bold'}`);
                    return (
                      <Tooltip key={tool.key} title={name}>
                        <IconButton size="small" aria-label={name} color={tool.active ? 'primary' : 'default'} onClick={tool.run}>
                          {tool.icon}
                        </IconButton>
                      </Tooltip>
                    );
                  })}
                </Box>
              )}
              <Divider />
              <Box
                sx={{
                  p: 1,
                  minHeight: 100,
                  '& .ProseMirror': { outline: 'none', minHeight: 80 },
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
