/**
 * /admin_course/{category_id}/{area_id}/{id} (0 = new): the bilingual course form — name,
 * description and rich-text detail per language; file extension, editor template, execution and
 * keep files, and the area.
 */
import { useParams } from 'react-router';
import { FormControl, Grid, InputLabel, MenuItem, Paper, Select, Stack } from '@mui/material';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useAreaPicker, useCourseInAllLang } from '../api/admin-forms';
import {
  DEFAULT_EXECUTION_FILES,
  DEFAULT_KEEP_FILES,
  EDITOR_TEMPLATES,
  FIXED_EXECUTION_FILES,
  FIXED_KEEP_FILES,
  type CourseFile,
} from '../lib/course-files';
import { FormTextField } from '@/components/form/form-fields';
import { FormIdSelect } from '@/components/form/form-id-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { contentListOf, textsForEveryLanguage, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { FileTabs } from '@/components/editing/file-tabs';
import { NameField } from '@/components/editing/name-field';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { RichTextField } from '@/components/editing/rich-text-field';
import { courseFormSchema } from '../forms/schemas';
import { useSaveForm } from './use-save-form';

interface CourseInitial {
  texts: TextsByLanguage;
  areaId: number;
  extension: string;
  template: string;
  files: CourseFile[];
  keep: CourseFile[];
  order?: number;
}

interface CourseFormProps {
  id: number;
  initial: CourseInitial;
  categoryId: number;
  parentAreaId: number;
}

function CourseForm({ id, initial, categoryId, parentAreaId }: CourseFormProps) {
  const { t } = useTranslation();
  const [secondary, setSecondary] = useSecondaryLanguage();
  const form = useZodForm(courseFormSchema, {
    defaultValues: {
      languages: [PRIMARY_LANGUAGE_ID, secondary],
      texts: textsForEveryLanguage(initial.texts),
      areaId: initial.areaId,
      extension: initial.extension,
      template: initial.template,
      files: initial.files,
      keep: initial.keep,
    },
  });
  const areaId = useWatch({ control: form.control, name: 'areaId' });
  const picker = useAreaPicker(categoryId).data;
  const areas = picker?.areas ?? [];
  const { submit, invalid, saving } = useSaveForm('course', pathTo('courses', { id: areaId || parentAreaId }));
  const title = id === 0 ? t('catalogue.form.newCourse') : t('catalogue.form.editCourse');
  const parent = areas.find((a) => a.id === parentAreaId);
  useBreadcrumbs([
    { label: picker?.category.name ?? '', to: pathTo('areas', { id: categoryId }) },
    { label: parent?.area_name ?? '', to: pathTo('courses', { id: parentAreaId }) },
    { label: title },
  ]);

  const changeSecondary = (langId: number) => {
    setSecondary(langId);
    form.setValue('languages', [PRIMARY_LANGUAGE_ID, langId]);
  };

  const onSave = form.handleSubmit((values) =>
    submit({
      course_id: id,
      area_id: values.areaId,
      ...(initial.order !== undefined ? { course_order: initial.order } : {}),
      file_extension: (values.extension ?? '').trim(),
      editor_template: values.template ?? '',
      file_list: values.files,
      keep_list: values.keep,
      content_list: contentListOf(values.texts, values.languages, ['description', 'detail']),
    }),
    invalid,
  );

  return (
    <FormProvider {...form}>
      <AdminFormFrame
        title={title}
        closeTo={pathTo('courses', { id: parentAreaId })}
        saving={saving}
        onSave={() => void onSave()}
        testId="course-form"
      >
        <LanguagePanels secondary={secondary} onSecondaryChange={changeSecondary}>
          {(langId, lang) => (
            <Stack spacing={2} key={langId}>
              <NameField langId={langId} lang={lang} label={t('catalogue.form.name')} hint={t('catalogue.form.nameLength')} />
              <FormTextField
                name={`texts.${langId}.description`}
                label={t('catalogue.form.description')}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { lang, maxLength: 2000, 'data-testid': `description-${langId}` } }}
              />
              <Controller
                name={`texts.${langId}.detail`}
                control={form.control}
                render={({ field }) => (
                  <RichTextField label={t('catalogue.form.detail')} value={field.value ?? ''} onChange={field.onChange} lang={lang} testId={`detail-${langId}`} />
                )}
              />
            </Stack>
          )}
        </LanguagePanels>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('catalogue.form.settings')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormIdSelect
                name="areaId"
                label={t('catalogue.form.area')}
                options={areas.map((a) => ({ id: a.id, label: a.area_name }))}
                testId="course-area"
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField name="extension" label={t('catalogue.form.fileExtension')} size="small" slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'file-extension' } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                name="template"
                control={form.control}
                render={({ field }) => (
                  <FormControl fullWidth size="small">
                    <InputLabel id="course-template-label">{t('catalogue.form.editorTemplate')}</InputLabel>
                    <Select
                      labelId="course-template-label"
                      label={t('catalogue.form.editorTemplate')}
                      value={field.value ?? ''}
                      onChange={(event) => field.onChange(event.target.value)}
                      onBlur={field.onBlur}
                      data-testid="editor-template"
                    >
                      <MenuItem value="">{t('catalogue.form.noTemplate')}</MenuItem>
                      {[...EDITOR_TEMPLATES, ...(field.value && !EDITOR_TEMPLATES.some((x) => x === field.value) ? [field.value] : [])].map((template) => (
                        <MenuItem key={template} value={template}>
                          {template}
                        </MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                )}
              />
            </Grid>
          </Grid>
        </Paper>
        <Controller
          name="files"
          control={form.control}
          render={({ field }) => (
            <FileTabs
              title={t('catalogue.form.executionFiles')}
              testId="execution-files"
              files={field.value}
              prefix="file"
              fixed={FIXED_EXECUTION_FILES}
              renameLocked
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          name="keep"
          control={form.control}
          render={({ field }) => (
            <FileTabs
              title={t('catalogue.form.keepFiles')}
              testId="keep-files"
              files={field.value}
              prefix="keep"
              fixed={FIXED_KEEP_FILES}
              renameLocked={false}
              onChange={field.onChange}
            />
          )}
        />
      </AdminFormFrame>
    </FormProvider>
  );
}

export function AdminCoursePage() {
  const params = useParams();
  const id = Number(params.id);
  const categoryId = Number(params.category_id);
  const areaId = Number(params.area_id);
  const query = useCourseInAllLang(id);
  const gate = id > 0 ? pageGate(query) : null;
  if (gate) return gate;
  const data = query.data;
  const initial: CourseInitial = data
    ? {
        texts: textsFromList(data.list),
        areaId: data.area_id,
        extension: data.file_extension,
        template: data.editor_template,
        files: data.file_list.length ? data.file_list : DEFAULT_EXECUTION_FILES,
        keep: data.keep_list.length ? data.keep_list : DEFAULT_KEEP_FILES,
        order: data.course_order,
      }
    : { texts: {}, areaId, extension: '', template: '', files: DEFAULT_EXECUTION_FILES, keep: DEFAULT_KEEP_FILES };
  return <CourseForm key={id} id={id} initial={initial} categoryId={categoryId} parentAreaId={areaId} />;
}
