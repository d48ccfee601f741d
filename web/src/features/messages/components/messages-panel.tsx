/**
 * The collapsible Messages panel of the dashboard (spec/1 §2, §4): unread titles in bold, a 30
 * character excerpt, opening shows the sanitised HTML in the message dialog and marks it read,
 * delete per message, and All messages to the message list.
 */
import { Link as RouterLink } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MailOutline from '@mui/icons-material/MailOutlined';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { formatServerTime } from '@/lib/format-time';
import { isBuilt } from '@/lib/screens-built';
import { usePassMessage, type Message } from '../api/messages';
import { DeleteMessageButton } from './delete-message-button';
import { isUnread, messageExcerpt, newestFirst } from '../lib/message-excerpt';

export function MessagesPanel({ messages: unsorted }: { messages: Message[] }) {
  const messages = newestFirst(unsorted);
  const { t, i18n } = useTranslation();
  const dialog = useMessageDialog();
  const pass = usePassMessage();
  const unread = messages.filter(isUnread).length;

  const open = async (message: Message) => {
    if (isUnread(message)) pass.mutate(message.message_id);
    await dialog.open({ type: 'info', title: message.title, html: message.description });
  };


  return (
    <Accordion defaultExpanded disableGutters variant="outlined" data-testid="messages-panel">
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls="messages-panel-content" id="messages-panel-header">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <MailOutline color="action" aria-hidden />
          <Typography component="h2" variant="h6">
            {t('dashboard.messages')}
          </Typography>
          {unread > 0 && (
            <Chip
              size="small"
              color="primary"
              label={t('dashboardPanels.messages.unread', { count: unread })}
              data-testid="unread-count"
            />
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails id="messages-panel-content" sx={{ pt: 0 }}>
        {messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {t('dashboardPanels.messages.none')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t('dashboard.messages')}>
            {messages.map((message) => {
              const bold = isUnread(message);
              return (
                <ListItem
                  key={message.message_id}
                  disablePadding
                  data-testid="message-item"
                  data-unread={bold}
                  secondaryAction={<DeleteMessageButton message={message} testId="message-delete" />}
                >
                  <ListItemButton onClick={() => void open(message)} data-testid="message-open">
                    <ListItemText
                      primary={
                        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
                          <Typography
                            component={bold ? 'strong' : 'span'}
                            sx={{ fontWeight: bold ? 700 : 400 }}
                            data-testid="message-title"
                          >
                            {message.title}
                          </Typography>
                          <Typography component="span" variant="caption" color="text.secondary">
                            {formatServerTime(message.date, i18n.language)}
                          </Typography>
                        </Box>
                      }
                      secondary={<span data-testid="message-excerpt">{messageExcerpt(message.description)}</span>}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
        {/* The full message list comes with the messages screens (lib/screens-built.ts). */}
        {isBuilt('message_list') && (
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to={pathTo('message_list')} variant="outlined" size="small" data-testid="all-messages">
              {t('dashboardPanels.messages.all')}
            </Button>
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
