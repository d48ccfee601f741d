/**
 * Admin controls of the catalogue lists (spec/1 §6, §7, §8): delete (GET /delete-*; 'success'
 * refreshes, any other message is shown as feedback) and reorder (POST /*-change-order swapping the
 * order values of two neighbours; a stale order is a 409 whose message is shown, then the list reloads).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useAction } from '@/lib/use-action';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { useErrorText } from '@/lib/server-error-text';
import { useFeedback } from '@/components/feedback/feedback';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';
import type { OrderSwap } from '@/components/editing/reorder';
import { catalogueKeys } from './query-keys';

export type CatalogueKind = 'category' | 'area' | 'course';

const deleteRoute = { category: 'deleteCategory', area: 'deleteArea', course: 'deleteCourse' } as const;
const orderRoute = { category: 'categoryChangeOrder', area: 'areaChangeOrder', course: 'courseChangeOrder' } as const;

export function useCatalogueAdmin(kind: CatalogueKind) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const dialog = useMessageDialog();
  const errorText = useErrorText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });

  const remove = useAction({
    mutationFn: (id: number) => api(deleteRoute[kind], { params: { id } }),
    onSuccess: (result) => {
      if (result.message === 'success') void refresh();
      else feedback.show(result.message);
    },
  });

  const swap = useAction({
    mutationFn: (pair: OrderSwap) =>
      api(orderRoute[kind], {
        body: {
          [`${kind}_id1`]: pair.id1,
          [`${kind}_order1`]: pair.order1,
          [`${kind}_id2`]: pair.id2,
          [`${kind}_order2`]: pair.order2,
        },
      }),
    onError: (error) => {
      feedback.show(errorText(error));
      void refresh();
    },
    onSuccess: () => void refresh(),
  });

  /** Asks first; the server refuses while the item still has children and says so. */
  const confirmDelete = async (id: number, name: string) => {
    const yes = await dialog.open({
      type: 'question',
      title: t('catalogue.admin.deleteTitle'),
      html: `<p>${escapeHtml(t('catalogue.admin.deleteQuestion', { name }))}</p>`,
      buttons: [
        { label: t('catalogue.admin.deleteConfirm'), value: true },
        { label: t('catalogue.admin.cancel'), value: false },
      ],
    });
    if (yes) remove.mutate(id);
  };

  return { confirmDelete, swap: (pair: OrderSwap) => swap.mutate(pair), busy: remove.isPending || swap.isPending };
}
