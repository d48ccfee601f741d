/**
 * /que_list (spec/3 §2, "Questionnaires", §6: admin only): name, language, created at, with edit,
 * send and delete icons, in the admin data grid (20 a page, §9). New questionnaire opens the editor
 * at /questionnaire/0.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { languageById } from '@lectio/shared';
import type { QuestionnaireListItem } from '@lectio/shared/api/questionnaires';
import { AdminGrid } from '@/components/grid/admin-grid';
import { PageHeading } from '@/components/layout/page-heading';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useFeedback } from '@/components/feedback/feedback';
import { pathTo } from '@/lib/paths';
import { useErrorText } from '@/lib/server-error-text';
import { useDeleteQuestionnaire, useQuestionnaires } from '../api/questionnaires';
import { useConfirm } from '../lib/confirm';
import { SendDialog } from './send-dialog';

export function QueListPage() {
  const { t } = useTranslation();
  const query = useQuestionnaires();
  const remove = useDeleteQuestionnaire();
  const confirm = useConfirm();
  const feedback = useFeedback();
  const errorText = useErrorText();
  const [sending, setSending] = useState<{ id: number; name: string } | null>(null);
  useBreadcrumbs([{ label: t('questionnaires.admin.title') }]);
  const gate = pageGate(query);
  if (gate) return gate;
  const { list, groups } = query.data!;

  const onDelete = async (q: QuestionnaireListItem) => {
    if (await confirm(t('questionnaires.admin.confirmDelete', { name: q.name }), t('questionnaires.delete'))) {
      remove.mutate(q.id, { onError: (error) => feedback.show(errorText(error)) });
    }
  };

  const columns: Array<GridColDef<QuestionnaireListItem>> = [
    { field: 'name', headerName: t('questionnaires.fields.name'), flex: 1, minWidth: 200 },
    { field: 'lang_id', headerName: t('questionnaires.fields.lang'), width: 140, valueGetter: (_v, row) => languageById(row.lang_id).name },
    { field: 'created_at', headerName: t('questionnaires.fields.createdAt'), width: 180 },
    {
      field: 'actions',
      headerName: t('questionnaires.fields.actions'),
      width: 170,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title={t('questionnaires.edit')}>
            <IconButton size="small" component={RouterLink} to={pathTo('questionnaire', { id: row.id })} aria-label={t('questionnaires.admin.editOne', { name: row.name })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('questionnaires.send.send')}>
            <IconButton size="small" onClick={() => setSending(row)} aria-label={t('questionnaires.admin.sendOne', { name: row.name })}>
              <SendIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('questionnaires.delete')}>
            <IconButton size="small" onClick={() => void onDelete(row)} aria-label={t('questionnaires.admin.deleteOne', { name: row.name })} disabled={remove.isPending}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

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
      <AdminGrid testId="questionnaire-list" rows={list} columns={columns} label={t('questionnaires.admin.title')} localeText={{ noRowsLabel: t('questionnaires.admin.none') }} />
      {sending && <SendDialog questionnaire={sending} groups={groups} onClose={() => setSending(null)} />}
    </>
  );
}
