/**
 * /message_list/{id?} (spec/1 §2, spec/3 "Messages", §4): the user's messages in their language, newest
 * first; unread titles in bold; a message opens (its type's colour and icon, the sanitised HTML) and is
 * then read; delete per message. An id in the path opens that message.
 */
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, AlertTitle, Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { SafeHtml } from '@/components/safe-html';
import { formatServerTime } from '@/lib/format-time';
import { usePassMessage, useUserMessages } from '../api/messages';
import { DeleteMessageButton } from './delete-message-button';
import { isUnread, newestFirst } from '../lib/message-excerpt';
import { MessageTypeIcon, messageTypeName } from '../lib/message-type';

export function MessageListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const openId = Number(useParams().id ?? 0);
  const query = useUserMessages();
  const pass = usePassMessage();
  useBreadcrumbs([{ label: t('menu.message_list') }]);

  const messages = newestFirst(query.data?.message_list ?? []);
  const open = messages.find((m) => m.message_id === openId);
  const openUnread = open !== undefined && isUnread(open);
  // Opening a message reads it (once).
  useEffect(() => {
    if (openUnread) pass.mutate(openId);
  }, [openUnread, openId, pass]);

  if (query.isPending) return <PageSpinner />;


  return (
    <>
      <PageHeading title={t('menu.message_list')} />
      {open && (
        <Alert
          severity={messageTypeName(open.message_type)}
          icon={<MessageTypeIcon messageType={open.message_type} fontSize="inherit" />}
          variant="outlined"
          sx={{ mb: 2 }}
          data-testid="message-open-view"
          component="section"
          aria-label={open.title}
        >
          <AlertTitle component="h2" sx={{ fontWeight: 700 }}>
            {open.title}
          </AlertTitle>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {formatServerTime(open.date, i18n.language)}
          </Typography>
          <SafeHtml html={open.description} />
        </Alert>
      )}
      {messages.length === 0 ? (
        <Alert severity="info" data-testid="messages-none">
          {t('dashboardPanels.messages.none')}
        </Alert>
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('menu.message_list')} data-testid="message-list">
            {messages.map((message) => {
              const bold = isUnread(message);
              return (
                <ListItem
                  key={message.message_id}
                  disablePadding
                  data-testid="message-row"
                  data-unread={bold}
                  secondaryAction={
                    <DeleteMessageButton
                      message={message}
                      onDeleted={() => message.message_id === openId && void navigate(pathTo('message_list'), { replace: true })}
                    />
                  }
                >
                  <ListItemButton
                    selected={message.message_id === openId}
                    onClick={() => void navigate(pathTo('message_list', { id: message.message_id }))}
                    aria-current={message.message_id === openId ? 'true' : undefined}
                  >
                    <ListItemIcon>
                      <MessageTypeIcon messageType={message.message_type} titleAccess={t(`messages.types.${messageTypeName(message.message_type)}`)} />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <Box component={bold ? 'strong' : 'span'} sx={{ fontWeight: bold ? 700 : 400 }} data-testid="message-row-title">
                          {message.title}
                          {bold && <Box component="span" sx={visuallyHidden}>{` (${t('messages.list.unread')})`}</Box>}
                        </Box>
                      }
                      secondary={formatServerTime(message.date, i18n.language)}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </>
  );
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
