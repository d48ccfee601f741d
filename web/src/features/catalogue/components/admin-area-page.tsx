/**
 * /admin_area/{category_id}/{id} (0 = new): the bilingual area form — name per language, colour,
 * SVG and PNG icons and the category.
 */
import { useParams } from 'react-router';
import { Paper, Stack } from '@mui/material';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { MISSING_COLOUR } from '@/components/cards/colour-card';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useAreaInAllLang, useCategoryPicker } from '../api/admin-forms';
import { FormIdSelect } from '@/components/form/form-id-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { contentListOf, textsForEveryLanguage, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { DEFAULT_COLOUR } from '@/components/editing/colour-field';
import { FormColourField } from '@/components/editing/form-colour-field';
import { NameField } from '@/components/editing/name-field';
import { ImageUpload } from '@/components/editing/image-upload';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { areaFormSchema } from '../forms/schemas';
import { useSaveForm } from './use-save-form';

interface AreaInitial {
  texts: TextsByLanguage;
  color: string;
  icon: string;
  icon2: string;
  categoryId: number;
  order?: number;
}

function AreaForm({ id, initial, parentCategoryId }: { id: number; initial: AreaInitial; parentCategoryId: number }) {
  const { t } = useTranslation();
  const [secondary, setSecondary] = useSecondaryLanguage();
  const form = useZodForm(areaFormSchema, {
    defaultValues: {
      languages: [PRIMARY_LANGUAGE_ID, secondary],
      texts: textsForEveryLanguage(initial.texts),
      color: initial.color,
      icon: initial.icon,
      icon2: initial.icon2,
      categoryId: initial.categoryId,
    },
  });
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const categories = useCategoryPicker().data?.list ?? [];
  const closeTo = pathTo('areas', { id: categoryId || parentCategoryId });
  const { submit, invalid, saving } = useSaveForm('area', closeTo);
  const title = id === 0 ? t('catalogue.form.newArea') : t('catalogue.form.editArea');
  const parent = categories.find((c) => c.category_id === parentCategoryId);
  useBreadcrumbs([{ label: parent?.title ?? '', to: pathTo('areas', { id: parentCategoryId }) }, { label: title }]);

  const changeSecondary = (langId: number) => {
    setSecondary(langId);
    form.setValue('languages', [PRIMARY_LANGUAGE_ID, langId]);
  };

  const onSave = form.handleSubmit((values) =>
    submit({
      area_id: id,
      category_id: values.categoryId,
      color: values.color,
      icon: values.icon,
      icon2: values.icon2,
      ...(initial.order !== undefined ? { area_order: initial.order } : {}),
      content_list: contentListOf(values.texts, values.languages),
    }),
    invalid,
  );

  return (
    <FormProvider {...form}>
      <AdminFormFrame
        title={title}
        closeTo={pathTo('areas', { id: parentCategoryId })}
        saving={saving}
        onSave={() => void onSave()}
        testId="area-form"
      >
        <LanguagePanels secondary={secondary} onSecondaryChange={changeSecondary}>
          {(langId, lang) => <NameField key={langId} langId={langId} lang={lang} label={t('catalogue.form.name')} hint={t('catalogue.form.nameLength')} />}
        </LanguagePanels>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('catalogue.form.settings')}>
          <Stack spacing={3}>
            <FormColourField />
            <Controller
              name="icon"
              control={form.control}
              render={({ field }) => <ImageUpload kind="svg" label={t('catalogue.form.svgIcon')} value={field.value ?? ''} onChange={field.onChange} />}
            />
            <Controller
              name="icon2"
              control={form.control}
              render={({ field }) => <ImageUpload kind="png" label={t('catalogue.form.pngIcon')} value={field.value ?? ''} onChange={field.onChange} />}
            />
            <FormIdSelect
              name="categoryId"
              label={t('catalogue.form.category')}
              options={categories.map((c) => ({ id: c.category_id, label: c.title }))}
              testId="area-category"
              sx={{ maxWidth: 360 }}
            />
          </Stack>
        </Paper>
      </AdminFormFrame>
    </FormProvider>
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
  const initial: AreaInitial = data
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
