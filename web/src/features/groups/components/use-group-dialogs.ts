/** The groups screens' modals of spec/3 §8: confirm a delete or a leave, and ask for a group or teacher key. */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';

export function useGroupDialogs() {
  const { t } = useTranslation();
  const dialog = useMessageDialog();

  const confirm = useCallback(
    async (text: string) =>
      (await dialog.open({
        type: 'question',
        html: `<p>${escapeHtml(text)}</p>`,
        buttons: [
          { label: t('groups.actions.yes'), value: true },
          { label: t('groups.actions.no'), value: false },
        ],
      })) === true,
    [dialog, t],
  );

  /** The typed key, or null when the dialog was cancelled. */
  const askKey = useCallback(
    async (text: string) => {
      const answer = await dialog.open({
        type: 'question',
        html: `<p>${escapeHtml(text)}</p>`,
        input: { label: t('groups.dialogs.keyLabel') },
        buttons: [
          { label: t('groups.actions.ok'), value: 'join' },
          { label: t('groups.actions.cancel'), value: 'cancel' },
        ],
      });
      return answer && answer.value === 'join' ? answer.input : null;
    },
    [dialog, t],
  );

  return useMemo(
    () => ({
      confirmDelete: (name: string) => confirm(t('groups.dialogs.delete', { name })),
      confirmLeave: (name: string) => confirm(t('groups.dialogs.leave', { name })),
      askTeacherKey: (name: string) => askKey(t('groups.dialogs.teacherKey', { name })),
      askGroupKey: (name: string) => askKey(t('groups.dialogs.groupKey', { name })),
    }),
    [confirm, askKey, t],
  );
}
