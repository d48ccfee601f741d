/**
 * The header's unread messages count (spec/3 "Messages", issue 23 item 2): a mail icon with a badge
 * linking to the message list. Pushes (`message.new`) refresh the list's query, so the count changes
 * without a reload.
 */
import { Link as RouterLink } from 'react-router';
import { Badge, IconButton } from '@mui/material';
import MailOutline from '@mui/icons-material/MailOutlined';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useUserMessages } from '../api/messages';
import { isUnread } from '../lib/message-excerpt';

export function UnreadMessagesBadge() {
  const { t } = useTranslation();
  const messages = useUserMessages();
  const unread = (messages.data?.message_list ?? []).filter(isUnread).length;
  const label = t('messages.header.unread', { count: unread });
  return (
    // The browser's own tooltip, as the header's other buttons have (MUI's Tooltip and its popper stay out of
    // the first screen's code).
    <IconButton color="inherit" component={RouterLink} to={pathTo('message_list')} title={label} aria-label={label} data-testid="header-messages">
      <Badge badgeContent={unread} color="error" data-testid="header-unread" data-count={unread}>
        <MailOutline />
      </Badge>
    </IconButton>
  );
}
