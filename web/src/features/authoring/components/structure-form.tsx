/**
 * What the chapter and lesson forms share (spec/2 §2.4): the course's breadcrumbs, a name per shown
 * language side by side (bound to the form's `texts`; "a name in at least one language" is the
 * schema's rule, forms/schemas.ts), the registry's check of the body before it is sent, and the way
 * back to the course content after a save.
 */
import { useNavigate } from 'react-router';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useFeedback } from '@/components/feedback/feedback';
import { LanguagePanels, PRIMARY_LANGUAGE_ID } from '@/components/editing/language-panels';
import { NameField } from '@/components/editing/name-field';
import { useAdminContent } from '../api/authoring';

export function useStructureForm({ courseId, title, closeTo }: { courseId: number; title: string; closeTo: string }) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const course = useAdminContent(courseId).data;
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
    /** The registry's check of the body; its first problem is shown as feedback. */
    bodyValid: (schema: z.ZodType, body: unknown) => {
      const parsed = schema.safeParse(body);
      if (parsed.success) return true;
      const issue = parsed.error.issues[0];
      feedback.show(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid');
      return false;
    },
    /** After a save: back to the course content (or where the form says, e.g. with its chapter open). */
    close: (to: string = closeTo) => void navigate(to),
  };
}

/** The name fields, one panel per shown language; choosing the secondary language changes the form's `languages`. */
export function StructureNamePanels({ label, secondary, onSecondaryChange }: { label: string; secondary: number; onSecondaryChange: (langId: number) => void }) {
  const { setValue } = useFormContext<{ languages: number[] }>();
  const change = (langId: number) => {
    onSecondaryChange(langId);
    setValue('languages', [PRIMARY_LANGUAGE_ID, langId]);
  };
  return (
    <LanguagePanels secondary={secondary} onSecondaryChange={change}>
      {(langId, lang) => <NameField key={langId} langId={langId} lang={lang} label={label} />}
    </LanguagePanels>
  );
}
