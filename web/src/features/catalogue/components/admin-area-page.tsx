/**
 * /admin_area/{category_id}/{id} (0 = new): the bilingual area form — name per language, colour,
 * SVG and PNG icons and the category.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { FormControl, InputLabel, MenuItem, Paper, Select, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { MISSING_COLOUR } from '@/components/cards/colour-card';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useAreaInAllLang, useCategoryPicker } from '../api/admin-forms';
import { contentListOf, hasAnyName, textsFromList, textsOf, type TextsByLanguage } from '@/components/editing/translated-texts';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { ColourField, DEFAULT_COLOUR } from '@/components/editing/colour-field';
import { ImageUpload } from '@/components/editing/image-upload';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { useSaveForm } from './use-save-form';
import { catalogueNameFits } from '@lectio/shared';

interface AreaFormValues {
  texts: TextsByLanguage;
  color: string;
  icon: string;
  icon2: string;
  categoryId: number;
  order?: number;
}

function AreaForm({ id, initial, parentCategoryId }: { id: number; initial: AreaFormValues; parentCategoryId: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [secondary, setSecondary] = useSecondaryLanguage();
  const [nameError, setNameError] = useState(false);
  const categories = useCategoryPicker().data?.list ?? [];
  const closeTo = pathTo('areas', { id: values.categoryId || parentCategoryId });
  const { submit, saving } = useSaveForm('area', closeTo);
  const langs = [PRIMARY_LANGUAGE_ID, secondary];
  const title = id === 0 ? t('catalogue.form.newArea') : t('catalogue.form.editArea');
  const parent = categories.find((c) => c.category_id === parentCategoryId);
  useBreadcrumbs([{ label: parent?.title ?? '', to: pathTo('areas', { id: parentCategoryId }) }, { label: title }]);
  const set = (patch: Partial<AreaFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const onSave = () => {
    if (!hasAnyName(values.texts, langs)) return setNameError(true);
    submit({
      area_id: id,
      category_id: values.categoryId,
      color: values.color,
      icon: values.icon,
      icon2: values.icon2,
      ...(values.order !== undefined ? { area_order: values.order } : {}),
      content_list: contentListOf(values.texts, langs),
    });
  };

  return (
    <AdminFormFrame
      title={title}
      closeTo={pathTo('areas', { id: parentCategoryId })}
      saving={saving}
      onSave={onSave}
      testId="area-form"
    >
      <LanguagePanels secondary={secondary} onSecondaryChange={setSecondary}>
        {(langId, lang) => (
          <TextField
            key={langId}
            label={t('catalogue.form.name')}
            value={textsOf(values.texts, langId).content}
            onChange={(event) => {
              setNameError(false);
              set({ texts: { ...values.texts, [langId]: { ...textsOf(values.texts, langId), content: event.target.value } } });
            }}
            error={nameError || !catalogueNameFits(textsOf(values.texts, langId).content)}
            helperText={nameError ? t('catalogue.form.nameRequired') : t('catalogue.form.nameLength')}
            fullWidth
            slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }}
          />
        )}
      </LanguagePanels>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('catalogue.form.settings')}>
        <Stack spacing={3}>
          <ColourField value={values.color} onChange={(color) => set({ color })} />
          <ImageUpload kind="svg" label={t('catalogue.form.svgIcon')} value={values.icon} onChange={(icon) => set({ icon })} />
          <ImageUpload kind="png" label={t('catalogue.form.pngIcon')} value={values.icon2} onChange={(icon2) => set({ icon2 })} />
          <FormControl sx={{ maxWidth: 360 }} size="small">
            <InputLabel id="area-category-label">{t('catalogue.form.category')}</InputLabel>
            <Select
              labelId="area-category-label"
              label={t('catalogue.form.category')}
              value={categories.some((c) => c.category_id === values.categoryId) ? values.categoryId : ''}
              onChange={(event) => set({ categoryId: Number(event.target.value) })}
              data-testid="area-category"
            >
              {categories.map((c) => (
                <MenuItem key={c.category_id} value={c.category_id}>
                  {c.title}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      </Paper>
    </AdminFormFrame>
  );
}

export function AdminAreaPage() {
  const params = useParams();
  const id = Number(params.id);
  const categoryId = Number(params.category_id);
  const query = useAreaInAllLang(id);
  const gate = id > 0 ? pageGate(query) : null;
  if (gate) return gate;
  const data = query.data;
  const initial: AreaFormValues = data
    ? {
        texts: textsFromList(data.list),
        color: data.area_color || MISSING_COLOUR,
        icon: data.area_icon,
        icon2: data.area_icon2,
        categoryId: data.category_id,
        order: data.area_order,
      }
    : { texts: {}, color: DEFAULT_COLOUR, icon: '', icon2: '', categoryId };
  return <AreaForm key={id} id={id} initial={initial} parentCategoryId={categoryId} />;
}
