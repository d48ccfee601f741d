/**
 * /show_kernels (spec/3 "Kernels"; issue 25 item 6; admin): the running kernels — user, started, last
 * activity, state, memory — with delete after asking. Refreshed every 10 s (kernels come and go: culled
 * when idle). When no kernel service is configured the page says so.
 */
import { useCallback } from 'react';
import { Alert, IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { AdminGrid } from '@/components/grid/admin-grid';
import { PageHeading } from '@/components/layout/page-heading';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useFeedback } from '@/components/feedback/feedback';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';
import { useErrorText } from '@/lib/server-error-text';
import { useDeleteKernel, useKernels, type KernelRow } from '../api/kernels';

const STATES = ['starting', 'idle', 'busy', 'restarting', 'dead'] as const;

/** Jupyter's and the proxy's instants are ISO 8601 (UTC); shown in the reader's time zone and language. */
const instant = (value: string, language: string) => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(ms);
};

export function ShowKernelsPage() {
  const { t, i18n } = useTranslation();
  useBreadcrumbs([{ label: t('menu.show_kernels') }]);
  const query = useKernels();
  const remove = useDeleteKernel();
  const dialog = useMessageDialog();
  const feedback = useFeedback();
  const errorText = useErrorText();

  const onDelete = useCallback(
    async (row: KernelRow) => {
      const answer = await dialog.open({
        type: 'question',
        html: `<p>${escapeHtml(t('kernels.confirmDelete', { user: row.user || row.user_id }))}</p>`,
        buttons: [
          { label: t('kernels.delete'), value: 'yes' },
          { label: t('kernels.cancel'), value: 'no' },
        ],
      });
      if (answer === 'yes') remove.mutate(row.id, { onSuccess: () => feedback.show(t('kernels.deleted'), 'success'), onError: (error) => feedback.show(errorText(error)) });
    },
    [dialog, t, remove, feedback, errorText],
  );

  const gate = pageGate(query);
  if (gate) return gate;
  const { list, kernel_service } = query.data!;

  const columns: Array<GridColDef<KernelRow>> = [
    { field: 'user', headerName: t('kernels.columns.user'), flex: 1, minWidth: 160, valueGetter: (_v, row) => row.user || `#${row.user_id}` },
    { field: 'started', headerName: t('kernels.columns.started'), width: 170, valueFormatter: (v: string) => instant(v, i18n.language) },
    { field: 'last_activity', headerName: t('kernels.columns.lastActivity'), width: 170, valueFormatter: (v: string) => instant(v, i18n.language) },
    {
      field: 'execution_state',
      headerName: t('kernels.columns.state'),
      width: 130,
      valueGetter: (v: string) => ((STATES as readonly string[]).includes(v) ? t(`kernels.states.${v as (typeof STATES)[number]}`) : v),
    },
    {
      field: 'memory_mb',
      headerName: t('kernels.columns.memory'),
      width: 130,
      type: 'number',
      valueFormatter: (v: number | null) => (v === null ? '' : `${v.toLocaleString(i18n.language)} MB`),
    },
    {
      field: 'actions',
      headerName: t('kernels.columns.actions'),
      width: 100,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Tooltip title={t('kernels.delete')}>
          <IconButton
            size="small"
            onClick={() => void onDelete(row)}
            aria-label={t('kernels.deleteOne', { user: row.user || row.user_id })}
            disabled={remove.isPending}
            data-testid={`kernel-delete-${row.id}`}
          >
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeading title={t('menu.show_kernels')} />
      {!kernel_service && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="kernels-no-service">
          {t('kernels.noService')}
        </Alert>
      )}
      <AdminGrid
        testId="kernel-list"
        rows={list}
        columns={columns}
        label={t('menu.show_kernels')}
        localeText={{ noRowsLabel: t('kernels.none') }}
      />
    </>
  );
}
