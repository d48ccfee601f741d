/** The editor's and the student's yes/no questions (delete, submit) through the shell's message dialog. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';

/** `confirm(text, yesLabel)` resolves true when the user chose the yes button. */
export function useConfirm(): (text: string, yesLabel: string) => Promise<boolean> {
  const { t } = useTranslation();
  const dialog = useMessageDialog();
  return useCallback(
    async (text, yesLabel) =>
      (await dialog.open({
        type: 'question',
        html: `<p>${escapeHtml(text)}</p>`,
        buttons: [
          { label: yesLabel, value: 'yes' },
          { label: t('questionnaires.cancel'), value: 'no' },
        ],
      })) === 'yes',
    [dialog, t],
  );
}
