/**
 * /admin_course/{category_id}/{area_id}/{id} (0 = new): the bilingual course form — name,
 * description and rich-text detail per language; file extension, editor template, execution and
 * keep files, and the area.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { FormControl, Grid, InputLabel, MenuItem, Paper, Select, Stack, TextField } from '@mui/material';
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
import {
  contentListOf,
  hasAnyName,
  textsFromList,
  textsOf,
  type LanguageTexts,
  type TextsByLanguage,
} from '@/components/editing/translated-texts';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { FileTabs } from '@/components/editing/file-tabs';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { RichTextField } from '@/components/editing/rich-text-field';
import { useSaveForm } from './use-save-form';
import { catalogueNameFits } from '@lectio/shared';

interface CourseFormValues {
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
  initial: CourseFormValues;
  categoryId: number;
  parentAreaId: number;
}

function CourseForm({ id, initial, categoryId, parentAreaId }: CourseFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [secondary, setSecondary] = useSecondaryLanguage();
  const [nameError, setNameError] = useState(false);
  const picker = useAreaPicker(categoryId).data;
  const areas = picker?.areas ?? [];
  const { submit, saving } = useSaveForm('course', pathTo('courses', { id: values.areaId || parentAreaId }));
  const langs = [PRIMARY_LANGUAGE_ID, secondary];
  const title = id === 0 ? t('catalogue.form.newCourse') : t('catalogue.form.editCourse');
  const parent = areas.find((a) => a.id === parentAreaId);
  useBreadcrumbs([
    { label: picker?.category.name ?? '', to: pathTo('areas', { id: categoryId }) },
    { label: parent?.area_name ?? '', to: pathTo('courses', { id: parentAreaId }) },
    { label: title },
  ]);
  const set = (patch: Partial<CourseFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const setText = (langId: number, patch: Partial<LanguageTexts>) =>
    setValues((v) => ({ ...v, texts: { ...v.texts, [langId]: { ...textsOf(v.texts, langId), ...patch } } }));

  const onSave = () => {
    if (!hasAnyName(values.texts, langs)) return setNameError(true);
    submit({
      course_id: id,
      area_id: values.areaId,
      ...(values.order !== undefined ? { course_order: values.order } : {}),
      file_extension: values.extension.trim(),
      editor_template: values.template,
      file_list: values.files,
      keep_list: values.keep,
      content_list: contentListOf(values.texts, langs, ['description', 'detail']),
    });
  };

  return (
    <AdminFormFrame
      title={title}
      closeTo={pathTo('courses', { id: parentAreaId })}
      saving={saving}
      onSave={onSave}
      testId="course-form"
    >
      <LanguagePanels secondary={secondary} onSecondaryChange={setSecondary}>
        {(langId, lang) => (
          <Stack spacing={2} key={langId}>
            <TextField
              label={t('catalogue.form.name')}
              value={textsOf(values.texts, langId).content}
              onChange={(event) => {
                setNameError(false);
                setText(langId, { content: event.target.value });
              }}
              error={nameError || !catalogueNameFits(textsOf(values.texts, langId).content)}
              helperText={nameError ? t('catalogue.form.nameRequired') : t('catalogue.form.nameLength')}
              fullWidth
              slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }}
            />
            <TextField
              label={t('catalogue.form.description')}
              value={textsOf(values.texts, langId).description}
              onChange={(event) => setText(langId, { description: event.target.value })}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { lang, maxLength: 2000, 'data-testid': `description-${langId}` } }}
            />
            <RichTextField
              label={t('catalogue.form.detail')}
              value={textsOf(values.texts, langId).detail}
              onChange={(detail) => setText(langId, { detail })}
              lang={lang}
              testId={`detail-${langId}`}
            />
          </Stack>
        )}
      </LanguagePanels>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('catalogue.form.settings')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormControl fullWidth size="small">
              <InputLabel id="course-area-label">{t('catalogue.form.area')}</InputLabel>
              <Select
                labelId="course-area-label"
                label={t('catalogue.form.area')}
                value={areas.some((a) => a.id === values.areaId) ? values.areaId : ''}
                onChange={(event) => set({ areaId: Number(event.target.value) })}
                data-testid="course-area"
              >
                {areas.map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {a.area_name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              label={t('catalogue.form.fileExtension')}
              value={values.extension}
              onChange={(event) => set({ extension: event.target.value })}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'file-extension' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormControl fullWidth size="small">
              <InputLabel id="course-template-label">{t('catalogue.form.editorTemplate')}</InputLabel>
              <Select
                labelId="course-template-label"
                label={t('catalogue.form.editorTemplate')}
                value={values.template}
                onChange={(event) => set({ template: event.target.value })}
                data-testid="editor-template"
              >
                <MenuItem value="">{t('catalogue.form.noTemplate')}</MenuItem>
                {[
                  ...EDITOR_TEMPLATES,
                  ...(values.template && !EDITOR_TEMPLATES.some((x) => x === values.template) ? [values.template] : []),
                ].map((template) => (
                  <MenuItem key={template} value={template}>
                    {template}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Grid>
        </Grid>
      </Paper>
      <FileTabs
        title={t('catalogue.form.executionFiles')}
        testId="execution-files"
        files={values.files}
        prefix="file"
        fixed={FIXED_EXECUTION_FILES}
        renameLocked
        onChange={(files) => set({ files })}
      />
      <FileTabs
        title={t('catalogue.form.keepFiles')}
        testId="keep-files"
        files={values.keep}
        prefix="keep"
        fixed={FIXED_KEEP_FILES}
        renameLocked={false}
        onChange={(keep) => set({ keep })}
      />
    </AdminFormFrame>
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
  const initial: CourseFormValues = data
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
