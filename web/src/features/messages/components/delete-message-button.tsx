/** Delete one message after asking (the dashboard panel and the message list). */
import { IconButton } from '@mui/material';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';
import { useDeleteMessage, type Message } from '../api/messages';

export function DeleteMessageButton({
  message,
  onDeleted,
  testId,
}: {
  message: Message;
  onDeleted?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const dialog = useMessageDialog();
  const remove = useDeleteMessage();
  const label = t('dashboardPanels.messages.deleteNamed', { title: message.title });
  const confirmDelete = async () => {
    const yes = await dialog.open({
      type: 'question',
      html: `<p>${escapeHtml(t('dashboardPanels.messages.deleteQuestion', { title: message.title }))}</p>`,
      buttons: [
        { label: t('dashboardPanels.messages.delete'), value: true },
        { label: t('catalogue.admin.cancel'), value: false },
      ],
    });
    if (!yes) return;
    remove.mutate(message.message_id);
    onDeleted?.();
  };
  return (
    <DeferredTooltip title={label}>
      <IconButton edge="end" aria-label={label} onClick={() => void confirmDelete()} data-testid={testId}>
        <DeleteOutline />
      </IconButton>
    </DeferredTooltip>
  );
}
