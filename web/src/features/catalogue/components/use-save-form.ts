/**
 * Saving a bilingual form: check the body against the route's zod schema from @lectio/shared, send
 * it, and return to the parent list. Schema problems are shown as feedback before any request.
 */
import { useNavigate } from 'react-router';
import { routes } from '@lectio/shared';
import { useFeedback } from '@/components/feedback/feedback';
import { useSaveCatalogueItem, type SaveBody } from '../api/admin-forms';

const schemaOf = {
  category: routes.createEditCategory.body,
  area: routes.createEditArea.body,
  course: routes.createEditCourse.body,
};

export function useSaveForm<K extends 'category' | 'area' | 'course'>(kind: K, closeTo: string) {
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
  return { submit, saving: save.isPending };
}
