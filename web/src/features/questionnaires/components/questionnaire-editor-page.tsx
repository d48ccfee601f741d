/**
 * /questionnaire/{id} (spec/3 §2, "Questionnaires", §7): the paged editor. Tabs for the pages, add a
 * page, add a question of any type 0-8 to the page shown, and an edit mode with edit, move up/down
 * (a swap of two orders), move to another page and delete on each element. /questionnaire/0 is a new
 * questionnaire: its first saved element creates it. Failures show the server's description (§8).
 */
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  IconButton,
  InputLabel,
  Menu,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  Tab,
  Tabs,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, questionnaireLimits, type QuestionElement } from '@lectio/shared/api/questionnaires';
import { PageHeading } from '@/components/layout/page-heading';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { LanguageSelect } from '@/components/form/language-select';
import { useFeedback } from '@/components/feedback/feedback';
import { pathTo } from '@/lib/paths';
import { useErrorText } from '@/lib/server-error-text';
import { useDeleteElement, useMoveElement, useQuestionnaire, useSaveElement, useSwapElements, type QuestionnaireElements } from '../api/questionnaires';
import { useConfirm } from '../lib/confirm';
import { ElementForm, type ElementDraft } from './element-form';
import { QuestionView } from './question-view';

const emptyQuestionnaire: QuestionnaireElements = { q_id: 0, name: '', lang_id: 1, list: [] };

export function QuestionnaireEditorPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuestionnaire(id);
  const data = id === 0 ? emptyQuestionnaire : query.data;
  useBreadcrumbs([{ label: t('questionnaires.admin.title'), to: pathTo('que_list') }, { label: data?.name || t('questionnaires.editor.newTitle') }]);
  if (id !== 0) {
    const gate = pageGate(query);
    if (gate) return gate;
  }
  return <Editor key={id} id={id} data={data!} />;
}

function Editor({ id, data }: { id: number; data: QuestionnaireElements }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const errorText = useErrorText();
  const confirm = useConfirm();
  const save = useSaveElement();
  const swap = useSwapElements();
  const remove = useDeleteElement();
  const move = useMoveElement();
  const [search, setSearch] = useSearchParams();
  const [editMode, setEditMode] = useState(id === 0);
  const [langId, setLangId] = useState(data.lang_id);
  const [draft, setDraft] = useState<ElementDraft | null>(null);
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  /** The highest page added with 'Add page' (empty until a question lands on it). */
  const [addedPage, setAddedPage] = useState(0);
  const failed = (error: unknown) => feedback.show(errorText(error));

  const usedPages = data.list.reduce((max, e) => Math.max(max, e.page), 1);
  const page = Math.max(1, Number(search.get('page') ?? 1));
  const pageCount = Math.min(questionnaireLimits.pages, Math.max(usedPages, addedPage, page));
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = data.list.filter((e) => e.page === page).sort((a, b) => a.q_order - b.q_order);
  const goTo = (p: number) => setSearch({ page: String(p) }, { replace: true });

  const onSave = (content: string) => {
    if (!draft) return;
    save.mutate(
      { questionnaire_id: id, question_id: draft.id, qtype: draft.qType, lang_id: langId, content, page },
      {
        onSuccess: (result) => {
          setDraft(null);
          if (id === 0) void navigate(`${pathTo('questionnaire', { id: result.q_id })}?page=${page}`, { replace: true });
        },
        onError: failed,
      },
    );
  };

  const onSwap = (a: QuestionElement, b: QuestionElement) => swap.mutate({ id1: a.id, id2: b.id, order1: a.q_order, order2: b.q_order }, { onError: failed });

  const onDelete = async (e: QuestionElement) => {
    const type = t(`questionnaires.types.${e.q_type}` as 'questionnaires.types.0');
    if (await confirm(t('questionnaires.editor.confirmDelete', { type }), t('questionnaires.delete'))) remove.mutate(e.id, { onError: failed });
  };

  const busy = swap.isPending || remove.isPending || move.isPending;
  return (
    <>
      <PageHeading
        title={data.name || t('questionnaires.editor.newTitle')}
        action={
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <LanguageSelect label={t('questionnaires.fields.lang')} value={langId} onChange={setLangId} testId="questionnaire-lang" sx={{ minWidth: 160 }} />
            <FormControlLabel control={<Switch checked={editMode} onChange={(e) => setEditMode(e.target.checked)} data-testid="edit-mode" />} label={t('questionnaires.editor.editMode')} />
          </Stack>
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2, flexWrap: 'wrap' }}>
        <Tabs value={Math.min(page, pageCount) - 1} onChange={(_, i: number) => goTo(i + 1)} variant="scrollable" aria-label={t('questionnaires.editor.pages')} sx={{ flexGrow: 1 }}>
          {pages.map((p) => (
            <Tab key={p} label={t('questionnaires.editor.page', { page: p })} data-testid={`page-tab-${p}`} />
          ))}
        </Tabs>
        <Button
          startIcon={<AddIcon />}
          disabled={pageCount >= questionnaireLimits.pages}
          onClick={() => {
            setAddedPage(pageCount + 1);
            goTo(pageCount + 1);
          }}
          data-testid="add-page"
        >
          {t('questionnaires.editor.addPage')}
        </Button>
      </Box>
      {shown.length === 0 && <Alert severity="info" sx={{ mb: 2 }}>{t('questionnaires.editor.emptyPage')}</Alert>}
      <Stack spacing={2}>
        {shown.map((e, i) => (
          <Paper key={e.id} variant="outlined" sx={{ p: 2 }} data-testid={`element-${e.id}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Chip size="small" label={t(`questionnaires.types.${e.q_type}` as 'questionnaires.types.0')} data-testid="element-type" />
              <Box sx={{ flexGrow: 1 }} />
              {editMode && (
                <>
                  <Tooltip title={t('questionnaires.edit')}>
                    <IconButton aria-label={t('questionnaires.editor.editOne', { n: i + 1 })} onClick={() => setDraft({ id: e.id, qType: e.q_type, content: e.content })} data-testid="element-edit">
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('questionnaires.editor.up')}>
                    <span>
                      <IconButton aria-label={t('questionnaires.editor.upOne', { n: i + 1 })} disabled={i === 0 || busy} onClick={() => onSwap(e, shown[i - 1]!)} data-testid="element-up">
                        <ArrowUpwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('questionnaires.editor.down')}>
                    <span>
                      <IconButton aria-label={t('questionnaires.editor.downOne', { n: i + 1 })} disabled={i === shown.length - 1 || busy} onClick={() => onSwap(e, shown[i + 1]!)} data-testid="element-down">
                        <ArrowDownwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <MoveToPage element={e} index={i} pages={pages} disabled={busy} onMove={(p) => move.mutate({ id: e.id, page: p }, { onError: failed })} />
                  <Tooltip title={t('questionnaires.delete')}>
                    <IconButton aria-label={t('questionnaires.editor.deleteOne', { n: i + 1 })} disabled={busy} onClick={() => void onDelete(e)} data-testid="element-delete">
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </Stack>
            <QuestionView qType={e.q_type} content={e.content} answer={{}} readOnly />
          </Paper>
        ))}
      </Stack>
      <Box sx={{ mt: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={(ev) => setAddAnchor(ev.currentTarget)}
          aria-haspopup="menu"
          aria-controls={addAnchor ? 'add-question-menu' : undefined}
          aria-expanded={addAnchor ? 'true' : undefined}
          disabled={data.list.length >= questionnaireLimits.elements}
          data-testid="add-question"
        >
          {t('questionnaires.editor.addQuestion')}
        </Button>
        <Menu id="add-question-menu" anchorEl={addAnchor} open={Boolean(addAnchor)} onClose={() => setAddAnchor(null)}>
          {QUESTION_TYPES.map((type) => (
            <MenuItem
              key={type}
              onClick={() => {
                setAddAnchor(null);
                setDraft({ id: 0, qType: type, content: '{}' });
              }}
              data-testid={`add-type-${type}`}
            >
              {t(`questionnaires.types.${type}` as 'questionnaires.types.0')}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      {draft && <ElementForm draft={draft} langId={langId} saving={save.isPending} onSave={onSave} onClose={() => setDraft(null)} />}
    </>
  );
}

function MoveToPage({ element, index, pages, disabled, onMove }: { element: QuestionElement; index: number; pages: number[]; disabled: boolean; onMove: (page: number) => void }) {
  const { t } = useTranslation();
  const labelId = `move-page-${element.id}`;
  return (
    <FormControl size="small" sx={{ minWidth: 130 }}>
      <InputLabel id={labelId}>{t('questionnaires.editor.moveTo')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('questionnaires.editor.moveTo')}
        value={element.page}
        disabled={disabled}
        onChange={(e) => Number(e.target.value) !== element.page && onMove(Number(e.target.value))}
        inputProps={{ 'aria-label': t('questionnaires.editor.moveOne', { n: index + 1 }) }}
        data-testid="element-move"
      >
        {[...pages, pages.length + 1].filter((p) => p <= questionnaireLimits.pages).map((p) => (
          <MenuItem key={p} value={p}>
            {t('questionnaires.editor.page', { page: p })}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
