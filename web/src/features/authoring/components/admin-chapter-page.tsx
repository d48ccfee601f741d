/**
 * /admin_chapter/{area_id}/{course_id}/{id}/{ch_type} (id 0 = new): the bilingual chapter form of
 * spec/2 §2.4 — name per language side by side, type, SVG and PNG images, and for competitions the
 * time limit (numeric, default 3600), the key and the open and result windows, each boundary enabled
 * by its flag. A non-numeric time limit says 'Invalid number in time limit field' and saves nothing.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { FormControl, InputLabel, MenuItem, Paper, Select, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_LIMIT, INVALID_TIME_LIMIT, routes } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { PageSpinner } from '@/components/page-spinner';
import { useFeedback } from '@/components/feedback/feedback';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { ImageUpload } from '@/components/editing/image-upload';
import { contentListOf, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { useAuthoringCall, useChapterForm } from '../api/authoring';
import { useStructureForm } from './structure-form';
import { DateTimeField } from './date-time-window';

interface Window {
  on: boolean;
  at: string | null;
}
interface ChapterValues {
  texts: TextsByLanguage;
  type: number;
  icon: string;
  icon2: string;
  order?: number;
  timeLimit: string;
  key: string;
  openBegin: Window;
  openEnd: Window;
  resultsBegin: Window;
  resultsEnd: Window;
}

/** The numeric check of spec/2 §5, before anything is sent. */
export const validTimeLimit = (value: string) => /^\d{1,9}$/.test(value.trim());

function ChapterForm({ id, courseId, initial, closeTo }: { id: number; courseId: number; initial: ChapterValues; closeTo: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [values, setValues] = useState(initial);
  const [limitError, setLimitError] = useState(false);
  const save = useAuthoringCall('createEditChapter');
  const title = id === 0 ? t('authoring.chapterForm.new') : t('authoring.chapterForm.edit');
  const form = useStructureForm({ courseId, title, closeTo });
  const set = (patch: Partial<ChapterValues>) => setValues((v) => ({ ...v, ...patch }));
  const competition = values.type === 2;

  const onSave = () => {
    if (!form.namesGiven(values.texts)) return;
    if (competition && !validTimeLimit(values.timeLimit)) {
      setLimitError(true);
      feedback.show(INVALID_TIME_LIMIT);
      return;
    }
    const body = {
      chapter_id: id,
      course_id: courseId,
      chapter_type: values.type,
      icon: values.icon,
      icon2: values.icon2,
      ...(values.order !== undefined ? { chapter_order: values.order } : {}),
      time_limit: competition ? values.timeLimit.trim() : String(DEFAULT_TIME_LIMIT),
      comp_key: competition ? values.key : '',
      check_OB: values.openBegin.on ? 1 : 0,
      check_OE: values.openEnd.on ? 1 : 0,
      check_RB: values.resultsBegin.on ? 1 : 0,
      check_RE: values.resultsEnd.on ? 1 : 0,
      open_begin: values.openBegin.at,
      open_end: values.openEnd.at,
      results_begin: values.resultsBegin.at,
      results_end: values.resultsEnd.at,
      content_list: contentListOf(values.texts, form.langs),
    };
    if (form.bodyValid(routes.createEditChapter.body, body)) save.mutate({ body }, { onSuccess: form.close });
  };

  const windowField = (key: 'openBegin' | 'openEnd' | 'resultsBegin' | 'resultsEnd', label: string) => (
    <DateTimeField
      label={label}
      enabled={values[key].on}
      value={values[key].at}
      testId={`window-${key}`}
      onChange={(on, at) => set({ [key]: { on, at } } as Partial<ChapterValues>)}
    />
  );

  return (
    <AdminFormFrame title={title} closeTo={closeTo} saving={save.isPending} onSave={onSave} testId="chapter-form">
      {form.namePanels(t('authoring.chapterForm.name'), values.texts, (update) => setValues((v) => ({ ...v, texts: update(v.texts) })))}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('authoring.chapterForm.settings')}>
        <Stack spacing={3}>
          <FormControl sx={{ maxWidth: 320 }} size="small">
            <InputLabel id="chapter-type-label">{t('authoring.chapterForm.type')}</InputLabel>
            <Select
              labelId="chapter-type-label"
              label={t('authoring.chapterForm.type')}
              value={values.type}
              onChange={(event) => set({ type: Number(event.target.value) })}
              data-testid="chapter-type"
            >
              <MenuItem value={1}>{t('authoring.types.chapter')}</MenuItem>
              <MenuItem value={2}>{t('authoring.types.competition')}</MenuItem>
              <MenuItem value={3}>{t('authoring.types.exercise')}</MenuItem>
            </Select>
          </FormControl>
          <ImageUpload kind="svg" label={t('authoring.chapterForm.svgImage')} value={values.icon} onChange={(icon) => set({ icon })} />
          <ImageUpload kind="png" label={t('authoring.chapterForm.pngImage')} value={values.icon2} onChange={(icon2) => set({ icon2 })} />
        </Stack>
      </Paper>
      {competition && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="competition-heading" data-testid="competition-settings">
          <Typography id="competition-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
            {t('authoring.chapterForm.competition')}
          </Typography>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('authoring.chapterForm.timeLimit')}
                value={values.timeLimit}
                onChange={(e) => {
                  setLimitError(false);
                  set({ timeLimit: e.target.value });
                }}
                error={limitError}
                helperText={limitError ? INVALID_TIME_LIMIT : t('authoring.chapterForm.seconds')}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'time-limit', maxLength: 9 } }}
              />
              <TextField
                label={t('authoring.chapterForm.key')}
                value={values.key}
                onChange={(e) => set({ key: e.target.value })}
                size="small"
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'comp-key' } }}
              />
            </Stack>
            <Typography variant="subtitle2" component="h3">
              {t('authoring.chapterForm.openWindow')}
            </Typography>
            {windowField('openBegin', t('authoring.chapterForm.begin'))}
            {windowField('openEnd', t('authoring.chapterForm.end'))}
            <Typography variant="subtitle2" component="h3">
              {t('authoring.chapterForm.resultWindow')}
            </Typography>
            {windowField('resultsBegin', t('authoring.chapterForm.begin'))}
            {windowField('resultsEnd', t('authoring.chapterForm.end'))}
          </Stack>
        </Paper>
      )}
    </AdminFormFrame>
  );
}

export function AdminChapterPage() {
  const params = useParams();
  const id = Number(params.id);
  const courseId = Number(params.course_id);
  const chType = [1, 2, 3].includes(Number(params.ch_type)) ? Number(params.ch_type) : 1;
  const query = useChapterForm(id);
  if (id > 0 && query.isPending) return <PageSpinner />;
  if (id > 0 && !query.data) return null;
  const d = query.data;
  const win = (on: number | undefined, at: string | null | undefined): Window => ({ on: on === 1, at: at ?? null });
  const initial: ChapterValues = d
    ? {
        texts: textsFromList(d.list),
        type: d.chapter_type,
        icon: d.icon,
        icon2: d.icon2,
        order: d.chapter_order,
        timeLimit: String(d.time_limit),
        key: d.comp_key,
        openBegin: win(d.check_OB, d.open_begin),
        openEnd: win(d.check_OE, d.open_end),
        resultsBegin: win(d.check_RB, d.results_begin),
        resultsEnd: win(d.check_RE, d.results_end),
      }
    : {
        texts: {},
        type: chType,
        icon: '',
        icon2: '',
        timeLimit: String(DEFAULT_TIME_LIMIT),
        key: '',
        openBegin: win(0, null),
        openEnd: win(0, null),
        resultsBegin: win(0, null),
        resultsEnd: win(0, null),
      };
  // Back to the admin content with the filter the form was opened from.
  const closeTo = `${pathTo('course_admin_content', { id: d?.course_id ?? courseId })}?type=${chType}`;
  return <ChapterForm key={id} id={id} courseId={d?.course_id ?? courseId} initial={initial} closeTo={closeTo} />;
}
