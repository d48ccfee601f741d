/** /admin_category/{id} (0 = new): the bilingual category form — name per language and a colour. */
import { useParams } from 'react-router';
import { Paper } from '@mui/material';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { MISSING_COLOUR } from '@/components/cards/colour-card';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useZodForm } from '@/components/form/use-zod-form';
import { contentListOf, textsForEveryLanguage, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { DEFAULT_COLOUR } from '@/components/editing/colour-field';
import { FormColourField } from '@/components/editing/form-colour-field';
import { NameField } from '@/components/editing/name-field';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { useCategoryInAllLang } from '../api/admin-forms';
import { categoryFormSchema } from '../forms/schemas';
import { useSaveForm } from './use-save-form';

interface CategoryInitial {
  texts: TextsByLanguage;
  color: string;
  order?: number;
}

function CategoryForm({ id, initial }: { id: number; initial: CategoryInitial }) {
  const { t } = useTranslation();
  const [secondary, setSecondary] = useSecondaryLanguage();
  const form = useZodForm(categoryFormSchema, {
    defaultValues: { languages: [PRIMARY_LANGUAGE_ID, secondary], texts: textsForEveryLanguage(initial.texts), color: initial.color },
  });
  const closeTo = pathTo('categories');
  const { submit, invalid, saving } = useSaveForm('category', closeTo);
  const title = id === 0 ? t('catalogue.form.newCategory') : t('catalogue.form.editCategory');
  useBreadcrumbs([{ label: title }]);

  const changeSecondary = (langId: number) => {
    setSecondary(langId);
    form.setValue('languages', [PRIMARY_LANGUAGE_ID, langId]);
  };

  const onSave = form.handleSubmit((values) =>
    submit({
      category_id: id,
      ...(initial.order !== undefined ? { category_order: initial.order } : {}),
      color: values.color,
      content_list: contentListOf(values.texts, values.languages),
    }),
    invalid,
  );

  return (
    <FormProvider {...form}>
      <AdminFormFrame title={title} closeTo={closeTo} saving={saving} onSave={() => void onSave()} testId="category-form">
        <LanguagePanels secondary={secondary} onSecondaryChange={changeSecondary}>
          {(langId, lang) => <NameField key={langId} langId={langId} lang={lang} label={t('catalogue.form.name')} hint={t('catalogue.form.nameLength')} />}
        </LanguagePanels>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FormColourField />
        </Paper>
      </AdminFormFrame>
    </FormProvider>
  );
}

export function AdminCategoryPage() {
  const id = Number(useParams().id);
  const query = useCategoryInAllLang(id);
  const gate = id > 0 ? pageGate(query) : null;
  if (gate) return gate;
  const initial: CategoryInitial = query.data
    ? { texts: textsFromList(query.data.list), color: query.data.color || MISSING_COLOUR, order: query.data.category_order }
    : { texts: {}, color: DEFAULT_COLOUR };
  return <CategoryForm key={id} id={id} initial={initial} />;
}
