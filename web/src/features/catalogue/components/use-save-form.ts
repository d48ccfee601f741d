/**
 * Saving a bilingual form: check the body against the route's zod schema from @lectio/shared, send
 * it, and return to the parent list. Schema problems are shown as feedback before any request, as
 * are the form's errors on fields that cannot show one themselves.
 */
import { useNavigate } from 'react-router';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { routes } from '@lectio/shared';
import { useFeedback } from '@/components/feedback/feedback';
import { useSaveCatalogueItem, type SaveBody } from '../api/admin-forms';

const schemaOf = {
  category: routes.createEditCategory.body,
  area: routes.createEditArea.body,
  course: routes.createEditCourse.body,
};

/** Every message of a react-hook-form error tree, with its field path. */
function flatten(errors: FieldErrors, prefix = ''): Array<[string, string]> {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const own = typeof (value as FieldError).message === 'string' ? [[path, (value as FieldError).message!] as [string, string]] : [];
    return own.length ? own : flatten(value as FieldErrors, path);
  });
}

export function useSaveForm<K extends 'category' | 'area' | 'course'>(kind: K, closeTo: string, shownOnFields: string[] = ['texts', 'color', 'categoryId', 'areaId', 'extension']) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const save = useSaveCatalogueItem(kind);
  const submit = (body: SaveBody<K>) => {
    const parsed = schemaOf[kind].safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      feedback.show(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid');
      return;
    }
    feedback.clear();
    save.mutate(body, { onSuccess: () => void navigate(closeTo) });
  };
  /** A refused submit: the fields show their own errors; an error of a field without one (file lists, icons) becomes feedback. */
  const invalid = (errors: FieldErrors) => {
    const hidden = flatten(errors).find(([path]) => !shownOnFields.includes(path.split('.')[0]!));
    if (hidden) feedback.show(`${hidden[0]}: ${hidden[1]}`);
  };
  return { submit, invalid, saving: save.isPending };
}
