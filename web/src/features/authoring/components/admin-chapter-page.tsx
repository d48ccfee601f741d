/**
 * /admin_chapter/{area_id}/{course_id}/{id}/{ch_type} (id 0 = new): the bilingual chapter form of
 * spec/2 §2.4 — name per language side by side, type, SVG and PNG images, and for competitions the
 * time limit (numeric, default 3600), the key and the open and result windows, each boundary enabled
 * by its flag. A non-numeric time limit says 'Invalid number in time limit field' and saves nothing.
 * The fetched chapter is the form's default values (the form is made once it has arrived); the rules
 * are the schema's (forms/schemas.ts).
 */
import { useParams } from 'react-router';
import { Controller, FormProvider, useWatch, type FieldErrors } from 'react-hook-form';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_LIMIT, INVALID_TIME_LIMIT, routes } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { PageSpinner } from '@/components/page-spinner';
import { useFeedback } from '@/components/feedback/feedback';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { ImageUpload } from '@/components/editing/image-upload';
import { PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { FormTextField } from '@/components/form/form-fields';
import { FormIdSelect } from '@/components/form/form-id-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { contentListOf, textsForEveryLanguage, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { useAuthoringCall, useChapterForm } from '../api/authoring';
import { chapterFormSchema, type ChapterFormValues } from '../forms/schemas';
import { StructureNamePanels, useStructureForm } from './structure-form';
import { DateTimeField } from '@/components/dates/date-time-field';

type WindowKey = 'openBegin' | 'openEnd' | 'resultsBegin' | 'resultsEnd';
type ChapterInitial = Omit<ChapterFormValues, 'languages' | 'texts'> & { texts: TextsByLanguage; order?: number };

function ChapterForm({ id, courseId, initial, closeTo }: { id: number; courseId: number; initial: ChapterInitial; closeTo: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [secondary, setSecondary] = useSecondaryLanguage();
  const { order, texts, ...fields } = initial;
  const form = useZodForm(chapterFormSchema, {
    defaultValues: { ...fields, languages: [PRIMARY_LANGUAGE_ID, secondary], texts: textsForEveryLanguage(texts) },
  });
  const save = useAuthoringCall('createEditChapter');
  const title = id === 0 ? t('authoring.chapterForm.new') : t('authoring.chapterForm.edit');
  const structure = useStructureForm({ courseId, title, closeTo });
  const competition = useWatch({ control: form.control, name: 'type' }) === 2;

  const onSave = form.handleSubmit(
    (values) => {
      const isCompetition = values.type === 2;
      const body = {
        chapter_id: id,
        course_id: courseId,
        chapter_type: values.type,
        icon: values.icon,
        icon2: values.icon2,
        ...(order !== undefined ? { chapter_order: order } : {}),
        time_limit: isCompetition ? values.timeLimit.trim() : String(DEFAULT_TIME_LIMIT),
        comp_key: isCompetition ? values.key : '',
        check_OB: values.openBegin.on ? 1 : 0,
        check_OE: values.openEnd.on ? 1 : 0,
        check_RB: values.resultsBegin.on ? 1 : 0,
        check_RE: values.resultsEnd.on ? 1 : 0,
        open_begin: values.openBegin.at,
        open_end: values.openEnd.at,
        results_begin: values.resultsBegin.at,
        results_end: values.resultsEnd.at,
        content_list: contentListOf(values.texts, values.languages),
      };
      if (structure.bodyValid(routes.createEditChapter.body, body)) save.mutate({ body }, { onSuccess: () => structure.close() });
    },
    // The names show their own error; a bad time limit is also said in the feedback area (spec/2 §5).
    (errors: FieldErrors<ChapterFormValues>) => {
      if (!errors.texts && errors.timeLimit) feedback.show(INVALID_TIME_LIMIT);
    },
  );

  const windowField = (key: WindowKey, label: string) => (
    <Controller
      name={key}
      control={form.control}
      render={({ field }) => (
        <DateTimeField label={label} pickerLabel={t('authoring.chapterForm.dateTime')} enabled={field.value.on} value={field.value.at} testId={`window-${key}`} onChange={(on, at) => field.onChange({ on, at })} />
      )}
    />
  );

  return (
    <FormProvider {...form}>
      <AdminFormFrame title={title} closeTo={closeTo} saving={save.isPending} onSave={() => void onSave()} testId="chapter-form">
        <StructureNamePanels label={t('authoring.chapterForm.name')} secondary={secondary} onSecondaryChange={setSecondary} />
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('authoring.chapterForm.settings')}>
          <Stack spacing={3}>
            <FormIdSelect
              name="type"
              label={t('authoring.chapterForm.type')}
              options={[
                { id: 1, label: t('authoring.types.chapter') },
                { id: 2, label: t('authoring.types.competition') },
                { id: 3, label: t('authoring.types.exercise') },
              ]}
              testId="chapter-type"
              sx={{ maxWidth: 320 }}
            />
            <Controller
              name="icon"
              control={form.control}
              render={({ field }) => <ImageUpload kind="svg" label={t('authoring.chapterForm.svgImage')} value={field.value} onChange={field.onChange} />}
            />
            <Controller
              name="icon2"
              control={form.control}
              render={({ field }) => <ImageUpload kind="png" label={t('authoring.chapterForm.pngImage')} value={field.value} onChange={field.onChange} />}
            />
          </Stack>
        </Paper>
        {competition && (
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="competition-heading" data-testid="competition-settings">
            <Typography id="competition-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
              {t('authoring.chapterForm.competition')}
            </Typography>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: 640 }}>
                <FormTextField
                  name="timeLimit"
                  label={t('authoring.chapterForm.timeLimit')}
                  hint={t('authoring.chapterForm.seconds')}
                  size="small"
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'time-limit', maxLength: 9 } }}
                />
                <FormTextField name="key" label={t('authoring.chapterForm.key')} size="small" slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'comp-key' } }} />
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
    </FormProvider>
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
  const win = (on: number | undefined, at: string | null | undefined) => ({ on: on === 1, at: at ?? null });
  const initial: ChapterInitial = d
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
