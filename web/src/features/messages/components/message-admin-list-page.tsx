/**
 * /message_admin_list (spec/3 "Messages", §3, §6; admin): every message with id, type, title, last
 * used and owner, 20 a page; a title opens its edit screen; New message opens /edit_message/0.
 */
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link } from '@mui/material';
import Add from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { formatServerTime } from '@/lib/format-time';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useAdminMessages, type AdminMessage } from '../api/messages';
import { MessageTypeIcon, messageTypeName } from '../lib/message-type';
import { AdminGrid } from '@/components/grid/admin-grid';

export function MessageAdminListPage() {
  const { t, i18n } = useTranslation();
  const query = useAdminMessages();
  useBreadcrumbs([{ label: t('menu.message_admin_list') }]);
  if (query.isPending) return <PageSpinner />;

  const columns: Array<GridColDef<AdminMessage>> = [
    { field: 'id', headerName: t('messages.admin.id'), width: 80, type: 'number' },
    {
      field: 'message_type_id',
      headerName: t('messages.admin.type'),
      width: 140,
      valueGetter: (_v, row) => t(`messages.types.${messageTypeName(row.message_type_id)}`),
      renderCell: ({ row, value }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
          <MessageTypeIcon messageType={row.message_type_id} fontSize="small" aria-hidden />
          {String(value)}
        </Box>
      ),
    },
    {
      field: 'title',
      headerName: t('messages.admin.title'),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={pathTo('edit_message', { id: row.id })} data-testid="message-edit-link">
          {row.title}
        </Link>
      ),
    },
    {
      field: 'last_used_at',
      headerName: t('messages.admin.lastUsed'),
      width: 180,
      valueFormatter: (value: string) => (value ? formatServerTime(value, i18n.language) : '—'),
    },
    { field: 'owner', headerName: t('messages.admin.owner'), width: 180 },
  ];

  return (
    <>
      <PageHeading
        title={t('menu.message_admin_list')}
        action={
          <Button component={RouterLink} to={pathTo('edit_message', { id: 0 })} variant="contained" startIcon={<Add />} data-testid="message-new">
            {t('messages.admin.new')}
          </Button>
        }
      />
      <AdminGrid testId="message-admin-grid" rows={query.data?.list ?? []} columns={columns} label={t('menu.message_admin_list')} />
    </>
  );
}
