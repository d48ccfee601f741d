/**
 * /admin_area/{category_id}/{id} (0 = new): the bilingual area form — name per language, colour,
 * SVG and PNG icons and the category.
 */
import { useParams } from 'react-router';
import { FormControl, FormHelperText, InputLabel, MenuItem, Paper, Select, Stack } from '@mui/material';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { MISSING_COLOUR } from '@/components/cards/colour-card';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { useAreaInAllLang, useCategoryPicker } from '../api/admin-forms';
import { FormTextField } from '@/components/form/form-fields';
import { useFieldMessage } from '@/components/form/field-messages';
import { useZodForm } from '@/components/form/use-zod-form';
import { contentListOf, textsForEveryLanguage, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { ColourField, DEFAULT_COLOUR } from '@/components/editing/colour-field';
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
  const message = useFieldMessage();
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
          {(langId, lang) => (
            <FormTextField
              key={langId}
              name={`texts.${langId}.content`}
              label={t('catalogue.form.name')}
              slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }}
            />
          )}
        </LanguagePanels>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('catalogue.form.settings')}>
          <Stack spacing={3}>
            <Controller
              name="color"
              control={form.control}
              render={({ field, fieldState }) => (
                <ColourField value={field.value} onChange={field.onChange} error={fieldState.error?.message && message(fieldState.error.message)} />
              )}
            />
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
            <Controller
              name="categoryId"
              control={form.control}
              render={({ field, fieldState }) => (
                <FormControl sx={{ maxWidth: 360 }} size="small" error={Boolean(fieldState.error)}>
                  <InputLabel id="area-category-label">{t('catalogue.form.category')}</InputLabel>
                  <Select
                    labelId="area-category-label"
                    label={t('catalogue.form.category')}
                    value={categories.some((c) => c.category_id === field.value) ? field.value : ''}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    data-testid="area-category"
                  >
                    {categories.map((c) => (
                      <MenuItem key={c.category_id} value={c.category_id}>
                        {c.title}
                      </MenuItem>
                    ))}
                  </Select>
                  {fieldState.error?.message && <FormHelperText>{message(fieldState.error.message)}</FormHelperText>}
                </FormControl>
              )}
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
  if (id > 0 && query.isPending) return <PageSpinner />;
  if (id > 0 && !query.data) return null;
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
