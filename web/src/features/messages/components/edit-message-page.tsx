/**
 * /edit_message/{id} (spec/3 "Messages", §3, §6, §7; admin; id 0 is a new message): the message's type
 * (1 success, 2 info, 3 warning, 4 error), one entry per language (title and a rich-text description,
 * sanitised again on the server), and sending to the admin's teaching groups until a finish date
 * (today by default).
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Controller, FormProvider } from 'react-hook-form';
import * as z from 'zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Save from '@mui/icons-material/Save';
import Send from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { languages, localTimeZone, MESSAGE_DESCRIPTION_MAX, MESSAGE_TITLE_MAX, todayIn, accountMessages } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useFeedback } from '@/components/feedback/feedback';
import { FormTextField } from '@/components/form/form-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { RichTextField } from '@/components/editing/rich-text-field';
import { useAdminMessage, useSaveMessage, useSaveMessageType, useSendMessage, type AdminMessageDetail } from '../api/messages';
import { MESSAGE_TYPE_IDS, MessageTypeIcon, messageTypeName } from '../lib/message-type';

const entrySchema = z.object({
  title: z.string().trim().min(1, accountMessages.required).max(MESSAGE_TITLE_MAX),
  description: z.string().max(MESSAGE_DESCRIPTION_MAX),
});

export function EditMessagePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id ?? 0);
  const query = useAdminMessage(id);
  useBreadcrumbs([{ label: t('menu.message_admin_list'), to: pathTo('message_admin_list') }, { label: t('messages.edit.title') }]);
  if (query.isPending) return <PageSpinner />;
  if (!query.data) return null;
  return <MessageEditor key={id} id={id} detail={query.data} />;
}

function MessageEditor({ id, detail }: { id: number; detail: AdminMessageDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [languageId, setLanguageId] = useState(1);
  const [type, setType] = useState(detail.message?.message_type_id ?? 2);
  const save = useSaveMessage();
  const saveType = useSaveMessageType();
  const entry = detail.list.find((e) => e.language_id === languageId);
  const form = useZodForm(entrySchema, { values: { title: entry?.title ?? '', description: entry?.description ?? '' } });
  const lang = languages.find((l) => l.id === languageId)!;

  const onSave = form.handleSubmit(async (values) => {
    const saved = await save.mutateAsync({ message_id: id, id: entry?.id ?? 0, language_id: languageId, message_type: type, ...values }).catch(() => null);
    if (!saved) return;
    feedback.show(t('messages.edit.saved'), 'success', { carry: id === 0 });
    if (id === 0) void navigate(pathTo('edit_message', { id: saved.message_id }), { replace: true });
  });

  const changeType = (next: number) => {
    setType(next);
    if (id) saveType.mutate({ message_id: id, message_type: next });
  };

  return (
    <>
      <PageHeading title={detail.message ? detail.message.title : t('messages.edit.new')} subtitle={id ? `#${id}` : undefined} />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="message-entry-heading">
          <Typography id="message-entry-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('messages.edit.entry')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              label={t('messages.edit.type')}
              value={type}
              onChange={(e) => changeType(Number(e.target.value))}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { 'data-testid': 'message-type-select' } as object }}
            >
              {MESSAGE_TYPE_IDS.map((n) => (
                <MenuItem key={n} value={n}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <MessageTypeIcon messageType={n} fontSize="small" aria-hidden />
                    {t(`messages.types.${messageTypeName(n)}`)}
                  </Box>
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('messages.edit.language')}
              value={languageId}
              onChange={(e) => setLanguageId(Number(e.target.value))}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { 'data-testid': 'message-language-select' } as object }}
            >
              {languages.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Box sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="message-entries">
            <Typography variant="body2" color="text.secondary">
              {t('messages.edit.entries')}
            </Typography>
            {detail.list.length === 0 && <Typography variant="body2">—</Typography>}
            {detail.list.map((e) => (
              <Chip
                key={e.language_id}
                label={languages.find((l) => l.id === e.language_id)?.name ?? e.language_id}
                color={e.language_id === languageId ? 'primary' : 'default'}
                onClick={() => setLanguageId(e.language_id)}
                size="small"
              />
            ))}
          </Box>
          <FormProvider {...form}>
            <Box component="form" noValidate onSubmit={(e) => void onSave(e)}>
              <Stack spacing={2}>
                <FormTextField name="title" label={t('messages.edit.entryTitle')} required slotProps={{ htmlInput: { maxLength: MESSAGE_TITLE_MAX, 'data-testid': 'message-title-input' } }} />
                <Controller
                  name="description"
                  control={form.control}
                  render={({ field }) => (
                    <RichTextField label={t('messages.edit.description')} value={field.value ?? ''} onChange={field.onChange} lang={lang.shortcut} testId="message-description" />
                  )}
                />
                <Box>
                  <Button type="submit" variant="contained" startIcon={<Save />} disabled={save.isPending} data-testid="message-save">
                    {t('messages.edit.save')}
                  </Button>
                </Box>
              </Stack>
            </Box>
          </FormProvider>
        </Paper>
        {id > 0 && <SendForm messageId={id} groups={detail.groups} />}
      </Stack>
    </>
  );
}

function SendForm({ messageId, groups }: { messageId: number; groups: AdminMessageDetail['groups'] }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const send = useSendMessage();
  const [selected, setSelected] = useState<number[]>([]);
  const [finish, setFinish] = useState(() => todayIn(localTimeZone()));
  const toggle = (groupId: number) => setSelected((s) => (s.includes(groupId) ? s.filter((g) => g !== groupId) : [...s, groupId]));

  const onSend = async () => {
    const sent = await send.mutateAsync({ message_id: messageId, group_list: selected, finish_date: finish });
    feedback.show(t('messages.edit.sent', { count: sent.recipients }), 'success');
    setSelected([]);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="message-send-heading">
      <Typography id="message-send-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('messages.edit.send')}
      </Typography>
      {groups.length === 0 ? (
        <Alert severity="info">{t('messages.edit.noGroups')}</Alert>
      ) : (
        <Stack spacing={2}>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('messages.edit.groups')}</FormLabel>
            <FormGroup data-testid="message-groups">
              {groups.map((g) => (
                <FormControlLabel key={g.id} control={<Checkbox checked={selected.includes(g.id)} onChange={() => toggle(g.id)} />} label={g.name} />
              ))}
            </FormGroup>
          </FormControl>
          <TextField
            type="date"
            label={t('messages.edit.finishDate')}
            value={finish}
            onChange={(e) => setFinish(e.target.value)}
            sx={{ maxWidth: 240 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'message-finish-date' } }}
          />
          <Box>
            <Button variant="contained" startIcon={<Send />} disabled={send.isPending || selected.length === 0 || !finish} onClick={() => void onSend().catch(() => undefined)} data-testid="message-send">
              {t('messages.edit.sendButton')}
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
