/**
 * /que_list (spec/3 §2, "Questionnaires", §6: admin only): name, language, created at, with edit,
 * delete and send icons, 20 a page (§9). A new questionnaire opens the editor at /questionnaire/0.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { languageById } from '@lectio/shared';
import { PageHeading } from '@/components/layout/page-heading';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { useFeedback } from '@/components/feedback/feedback';
import { escapeHtml } from '@/lib/escape-html';
import { pathTo } from '@/lib/paths';
import { useErrorText } from '@/lib/server-error-text';
import { useDeleteQuestionnaire, useQuestionnaires } from '../api/questionnaires';
import { ROWS_PER_PAGE } from './my-questionnaires-page';
import { SendDialog } from './send-dialog';

export function QueListPage() {
  const { t } = useTranslation();
  const query = useQuestionnaires();
  const remove = useDeleteQuestionnaire();
  const dialog = useMessageDialog();
  const feedback = useFeedback();
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const [sending, setSending] = useState<{ id: number; name: string } | null>(null);
  useBreadcrumbs([{ label: t('questionnaires.admin.title') }]);
  const gate = pageGate(query);
  if (gate) return gate;
  const { list, groups } = query.data!;

  const onDelete = async (q: { id: number; name: string }) => {
    const answer = await dialog.open({
      type: 'question',
      html: `<p>${escapeHtml(t('questionnaires.admin.confirmDelete', { name: q.name }))}</p>`,
      buttons: [
        { label: t('questionnaires.delete'), value: 'yes' },
        { label: t('questionnaires.cancel'), value: 'no' },
      ],
    });
    if (answer === 'yes') remove.mutate(q.id, { onError: (error) => feedback.show(errorText(error)) });
  };

  return (
    <>
      <PageHeading
        title={t('questionnaires.admin.title')}
        action={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={pathTo('questionnaire', { id: 0 })} data-testid="questionnaire-new">
            {t('questionnaires.admin.new')}
          </Button>
        }
      />
      {list.length === 0 ? (
        <Alert severity="info">{t('questionnaires.admin.none')}</Alert>
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label={t('questionnaires.admin.title')} data-testid="questionnaire-list">
            <TableHead>
              <TableRow>
                <TableCell>{t('questionnaires.fields.name')}</TableCell>
                <TableCell>{t('questionnaires.fields.lang')}</TableCell>
                <TableCell>{t('questionnaires.fields.createdAt')}</TableCell>
                <TableCell align="right">{t('questionnaires.fields.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE).map((q) => (
                <TableRow key={q.id} data-testid={`questionnaire-row-${q.id}`}>
                  <TableCell>{q.name}</TableCell>
                  <TableCell>{languageById(q.lang_id).name}</TableCell>
                  <TableCell>{q.created_at}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('questionnaires.edit')}>
                      <IconButton component={RouterLink} to={pathTo('questionnaire', { id: q.id })} aria-label={t('questionnaires.admin.editOne', { name: q.name })}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('questionnaires.send.send')}>
                      <IconButton onClick={() => setSending(q)} aria-label={t('questionnaires.admin.sendOne', { name: q.name })} data-testid={`questionnaire-send-${q.id}`}>
                        <SendIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('questionnaires.delete')}>
                      <IconButton onClick={() => void onDelete(q)} aria-label={t('questionnaires.admin.deleteOne', { name: q.name })} disabled={remove.isPending}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.length > ROWS_PER_PAGE && (
            <TablePagination component="div" count={list.length} page={page} onPageChange={(_, p) => setPage(p)} rowsPerPage={ROWS_PER_PAGE} rowsPerPageOptions={[ROWS_PER_PAGE]} />
          )}
        </TableContainer>
      )}
      {sending && <SendDialog questionnaire={sending} groups={groups} onClose={() => setSending(null)} />}
    </>
  );
}
