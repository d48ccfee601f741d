/**
 * The chapter and lesson list editors (spec/2 §2.5, §2.6): a language selector remembered per course
 * (default the user's language), rows with reorder arrows, delete and add, and per language a
 * translate control and a visibility toggle. What the caller may not do is hidden (the language's
 * edit icons, object-level controls) and the row shows a not-allowed cursor; the server refuses it anyway.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Translate from '@mui/icons-material/Translate';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { LanguageSelect } from '@/components/form/language-select';
import { useTranslation } from 'react-i18next';
import { languages, NOT_TRANSLATED, type PermissionAction } from '@lectio/shared';
import { PageHeading } from '@/components/layout/page-heading';
import { ConfirmDialog } from './confirm-dialog';
import { useCourseLanguage } from '../lib/permissions';

/**
 * What a list editor page keeps: the shown language (the course's, remembered) and the row being
 * renamed, which a change of language closes. Spread it into `ListEditor`.
 */
export function useListEditing(courseId: number | undefined) {
  const [langId, setLangId] = useCourseLanguage(courseId);
  const [editingId, setEditingId] = useState<number | null>(null);
  return {
    langId,
    editingId,
    setEditingId,
    onLangChange: (next: number) => {
      setEditingId(null);
      setLangId(next);
    },
  };
}

/** A row's link to the list below it (a chapter's lessons, a lesson's tasks): an icon button with its name. */
export function OpenListButton({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip disableInteractive title={label}>
      <IconButton size="small" component={RouterLink} to={to} aria-label={label} data-testid="list-open">
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export interface ListElement {
  id: number;
  order: number;
  translations: Array<{ lang_id: number; name: string; visible: number }>;
}

interface ListEditorProps<E extends ListElement> {
  title: string;
  kind: 'chapter' | 'lesson';
  elements: E[];
  langId: number;
  onLangChange: (langId: number) => void;
  /** The caller's rights, decided with `may` from permissions.list. */
  may: (action: PermissionAction) => boolean;
  scope: (e: E) => { chapterId?: number; lessonId?: number };
  objectList: 'chapter-list' | 'lesson-list';
  busy: boolean;
  editingId: number | null;
  setEditingId: (id: number | null) => void;
  onAdd: () => void;
  onSwap: (a: E, b: E) => void;
  onDelete: (e: E) => void;
  onSave: (e: E, name: string, visible: number) => void;
  /** Extra controls of a row (chapter type, link to the lessons or tasks). */
  rowExtra?: (e: E, canObject: boolean) => ReactNode;
}

export function ListEditor<E extends ListElement>(p: ListEditorProps<E>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [confirm, setConfirm] = useState<E | null>(null);
  const canAdd = p.may({ kind: 'object', list: p.objectList, ...(p.kind === 'lesson' ? p.scope(p.elements[0] ?? ({} as E)) : {}) });
  const translation = (e: E) => e.translations.find((x) => x.lang_id === p.langId) ?? { lang_id: p.langId, name: '', visible: 1 };

  return (
    <>
      <PageHeading
        title={p.title}
        action={
          <LanguageSelect label={t('authoring.lists.language')} value={p.langId} onChange={p.onLangChange} testId="list-language" />
        }
      />
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={p.title}>
        {p.elements.map((e, index) => {
          const tr = translation(e);
          const scope = p.scope(e);
          const canObject = p.may({ kind: 'object', list: p.objectList, ...scope });
          const canTranslate = p.may({ kind: 'translate', langId: p.langId, ...scope });
          const editing = p.editingId === e.id && canTranslate;
          const label = tr.name || NOT_TRANSLATED;
          return (
            <Paper
              component="li"
              variant="outlined"
              key={e.id}
              data-testid="list-row"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, flexWrap: 'wrap', cursor: canTranslate ? 'default' : 'not-allowed' }}
            >
              <Typography sx={{ width: 32, textAlign: 'right', color: 'text.secondary' }}>{index + 1}.</Typography>
              {editing ? (
                <Box
                  component="form"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1, minWidth: 240 }}
                  onSubmit={(ev) => {
                    ev.preventDefault();
                    p.onSave(e, draft, tr.visible);
                  }}
                >
                  <TextField
                    size="small"
                    fullWidth
                    autoFocus
                    value={draft}
                    onChange={(ev) => setDraft(ev.target.value)}
                    onKeyDown={(ev) => {
                      if (ev.key === 'Escape') p.setEditingId(null);
                    }}
                    label={t('authoring.lists.nameIn', { language: languages.find((l) => l.id === p.langId)?.name })}
                    slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'list-name-input' } }}
                  />
                  <IconButton type="submit" aria-label={t('authoring.lists.saveName')} color="primary" disabled={p.busy} data-testid="list-name-save">
                    <Check />
                  </IconButton>
                  <IconButton aria-label={t('authoring.lists.cancelName')} onClick={() => p.setEditingId(null)}>
                    <Close />
                  </IconButton>
                </Box>
              ) : (
                <Typography sx={{ flex: 1, minWidth: 200, color: tr.name ? 'text.primary' : 'text.secondary', fontStyle: tr.name ? 'normal' : 'italic' }} data-testid="list-name">
                  {label}
                </Typography>
              )}
              {p.rowExtra?.(e, canObject)}
              {canTranslate && !editing && (
                <>
                  <Tooltip disableInteractive title={t('authoring.lists.translate', { name: label })}>
                    <IconButton
                      size="small"
                      aria-label={t('authoring.lists.translate', { name: label })}
                      onClick={() => {
                        setDraft(tr.name);
                        p.setEditingId(e.id);
                      }}
                      data-testid="list-translate"
                    >
                      <Translate fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip disableInteractive title={tr.visible ? t('authoring.lists.hide', { name: label }) : t('authoring.lists.show', { name: label })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={tr.visible ? t('authoring.lists.hide', { name: label }) : t('authoring.lists.show', { name: label })}
                        aria-pressed={tr.visible === 0}
                        disabled={p.busy}
                        onClick={() => p.onSave(e, tr.name, tr.visible ? 0 : 1)}
                        data-testid="list-visibility"
                      >
                        {tr.visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
                      </IconButton>
                    </span>
                  </Tooltip>
                </>
              )}
              {canObject && (
                <>
                  <Tooltip disableInteractive title={t('authoring.actions.delete', { name: label })}>
                    <span>
                      <IconButton size="small" aria-label={t('authoring.actions.delete', { name: label })} disabled={p.busy} onClick={() => setConfirm(e)} data-testid="list-delete">
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip disableInteractive title={t('authoring.actions.moveUp', { name: label })}>
                    <span>
                      <IconButton size="small" aria-label={t('authoring.actions.moveUp', { name: label })} disabled={p.busy || index === 0} onClick={() => p.onSwap(e, p.elements[index - 1]!)} data-testid="list-up">
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip disableInteractive title={t('authoring.actions.moveDown', { name: label })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('authoring.actions.moveDown', { name: label })}
                        disabled={p.busy || index === p.elements.length - 1}
                        onClick={() => p.onSwap(e, p.elements[index + 1]!)}
                        data-testid="list-down"
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </>
              )}
            </Paper>
          );
        })}
      </Stack>
      {p.elements.length === 0 && <Typography color="text.secondary">{t('authoring.lists.empty')}</Typography>}
      {canAdd && (
        <Button sx={{ mt: 2 }} variant="contained" startIcon={<Add />} onClick={p.onAdd} disabled={p.busy} data-testid="list-add">
          {p.kind === 'chapter' ? t('authoring.adminContent.addChapter') : t('authoring.adminContent.addLesson')}
        </Button>
      )}
      <ConfirmDialog
        open={confirm !== null}
        variant="icons"
        text={p.kind === 'chapter' ? t('authoring.adminContent.deleteChapterQuestion') : t('authoring.adminContent.deleteLessonQuestion')}
        onClose={(yes) => {
          const e = confirm;
          setConfirm(null);
          if (yes && e) p.onDelete(e);
        }}
      />
    </>
  );
}
