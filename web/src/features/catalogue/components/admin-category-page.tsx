/** /admin_category/{id} (0 = new): the bilingual category form — name per language and a colour. */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Paper, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { MISSING_COLOUR } from '@/components/cards/colour-card';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useCategoryInAllLang } from '../api/admin-forms';
import { contentListOf, hasAnyName, textsFromList, textsOf, type TextsByLanguage } from '@/components/editing/translated-texts';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { ColourField, DEFAULT_COLOUR } from '@/components/editing/colour-field';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { useSaveForm } from './use-save-form';
import { catalogueNameFits } from '@lectio/shared';

interface CategoryFormValues {
  texts: TextsByLanguage;
  color: string;
  order?: number;
}

function CategoryForm({ id, initial }: { id: number; initial: CategoryFormValues }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(initial.texts);
  const [color, setColor] = useState(initial.color);
  const [secondary, setSecondary] = useSecondaryLanguage();
  const [nameError, setNameError] = useState(false);
  const closeTo = pathTo('categories');
  const { submit, saving } = useSaveForm('category', closeTo);
  const langs = [PRIMARY_LANGUAGE_ID, secondary];
  const title = id === 0 ? t('catalogue.form.newCategory') : t('catalogue.form.editCategory');
  useBreadcrumbs([{ label: title }]);

  const onSave = () => {
    if (!hasAnyName(texts, langs)) return setNameError(true);
    submit({
      category_id: id,
      ...(initial.order !== undefined ? { category_order: initial.order } : {}),
      color,
      content_list: contentListOf(texts, langs),
    });
  };

  return (
    <AdminFormFrame title={title} closeTo={closeTo} saving={saving} onSave={onSave} testId="category-form">
      <LanguagePanels secondary={secondary} onSecondaryChange={setSecondary}>
        {(langId, lang) => (
          <TextField
            key={langId}
            label={t('catalogue.form.name')}
            value={textsOf(texts, langId).content}
            onChange={(event) => {
              setNameError(false);
              setTexts({ ...texts, [langId]: { ...textsOf(texts, langId), content: event.target.value } });
            }}
            error={nameError || !catalogueNameFits(textsOf(texts, langId).content)}
            helperText={nameError ? t('catalogue.form.nameRequired') : t('catalogue.form.nameLength')}
            fullWidth
            slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }}
          />
        )}
      </LanguagePanels>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ColourField value={color} onChange={setColor} />
      </Paper>
    </AdminFormFrame>
  );
}

export function AdminCategoryPage() {
  const id = Number(useParams().id);
  const query = useCategoryInAllLang(id);
  const gate = id > 0 ? pageGate(query) : null;
  if (gate) return gate;
  const initial: CategoryFormValues = query.data
    ? { texts: textsFromList(query.data.list), color: query.data.color || MISSING_COLOUR, order: query.data.category_order }
    : { texts: {}, color: DEFAULT_COLOUR };
  return <CategoryForm key={id} id={id} initial={initial} />;
}
