/**
 * What the chapter and lesson forms share (spec/2 §2.4): the course's breadcrumbs, a name per shown
 * language side by side, "a name in at least one language", the registry's check of the body before
 * it is sent, and the way back to the course content after a save.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useFeedback } from '@/components/feedback/feedback';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { hasAnyName, textsOf, type TextsByLanguage } from '@/components/editing/translated-texts';
import { useAdminContent } from '../api/authoring';

export function useStructureForm({ courseId, title, closeTo }: { courseId: number; title: string; closeTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [secondary, setSecondary] = useSecondaryLanguage();
  const [nameError, setNameError] = useState(false);
  const course = useAdminContent(courseId).data;
  const langs = [PRIMARY_LANGUAGE_ID, secondary];
  useBreadcrumbs(
    course
      ? [
          { label: course.category.name, to: pathTo('areas', { id: course.category.id }) },
          { label: course.area.name, to: pathTo('courses', { id: course.area.id }) },
          { label: course.course.name, to: closeTo },
          { label: title },
        ]
      : [{ label: title }],
  );

  return {
    /** The shown languages: English and the chosen secondary one. */
    langs,
    /** A name in at least one shown language; otherwise both name fields say so. */
    namesGiven: (texts: TextsByLanguage) => {
      if (hasAnyName(texts, langs)) return true;
      setNameError(true);
      return false;
    },
    /** The registry's check of the body; its first problem is shown as feedback. */
    bodyValid: (schema: z.ZodType, body: unknown) => {
      const parsed = schema.safeParse(body);
      if (parsed.success) return true;
      const issue = parsed.error.issues[0];
      feedback.show(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid');
      return false;
    },
    /** After a save: back to the course content. */
    close: () => void navigate(closeTo),
    /** The name fields, one panel per shown language. */
    namePanels: (
      label: string,
      texts: TextsByLanguage,
      setTexts: (update: (texts: TextsByLanguage) => TextsByLanguage) => void,
    ) => (
      <LanguagePanels secondary={secondary} onSecondaryChange={setSecondary}>
        {(langId, lang) => (
          <TextField
            key={langId}
            label={label}
            value={textsOf(texts, langId).content}
            onChange={(event) => {
              setNameError(false);
              const content = event.target.value;
              setTexts((current) => ({ ...current, [langId]: { ...textsOf(current, langId), content } }));
            }}
            error={nameError}
            helperText={nameError ? t('authoring.chapterForm.nameRequired') : undefined}
            fullWidth
            slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }}
          />
        )}
      </LanguagePanels>
    ),
  };
}
