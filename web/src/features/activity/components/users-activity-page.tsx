/**
 * /users_activity (spec/3 "Users activity", §6; admin): order, time, user and action of what users did
 * (the player's log entries, logins and logouts), newest first, 20 a page from the server (each page
 * follows the previous one's cursor), filtered by user (e-mail or id), action and date range.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Paper, Stack, TextField } from '@mui/material';
import FilterAlt from '@mui/icons-material/FilterAlt';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatServerTime } from '@/lib/format-time';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { AdminGrid, PAGE_SIZE } from '@/components/grid/admin-grid';
import { useUsersActivity, type ActivityFilter, type ActivityRow } from '../api/activity';

const emptyFilter: Required<ActivityFilter> = { user: '', action: '', from: '', to: '' };

export function UsersActivityPage() {
  const { t, i18n } = useTranslation();
  useBreadcrumbs([{ label: t('menu.users_activity') }]);
  const [draft, setDraft] = useState(emptyFilter);
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [model, setModel] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  // The cursor each page starts after (page 0: none), learnt from the page before it.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const query = useUsersActivity(filter, { after: cursors[model.page], offset: model.page * PAGE_SIZE });
  const next = query.data?.next ?? null;
  if (next && cursors[model.page + 1] !== next && !query.isPlaceholderData) {
    setCursors((c) => [...c.slice(0, model.page + 1), next]);
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())) as ActivityFilter);
    setCursors([undefined]);
    setModel({ page: 0, pageSize: PAGE_SIZE });
  };
  const clear = () => {
    setDraft(emptyFilter);
    setFilter({});
    setCursors([undefined]);
    setModel({ page: 0, pageSize: PAGE_SIZE });
  };

  const columns: Array<GridColDef<ActivityRow>> = [
    { field: 'order', headerName: t('activity.columns.order'), width: 90, type: 'number', sortable: false },
    { field: 'time', headerName: t('activity.columns.time'), width: 190, sortable: false, valueFormatter: (v: string) => formatServerTime(v, i18n.language) },
    { field: 'name', headerName: t('activity.columns.user'), width: 200, sortable: false },
    { field: 'action', headerName: t('activity.columns.action'), width: 160, sortable: false },
    { field: 'description', headerName: t('activity.columns.details'), flex: 1, minWidth: 200, sortable: false },
  ];
  const field = (name: keyof ActivityFilter, type = 'text') => (
    <TextField
      label={t(`activity.filter.${name}`)}
      type={type}
      size="small"
      value={draft[name]}
      onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      slotProps={{ htmlInput: { 'data-testid': `activity-filter-${name}`, maxLength: name === 'user' ? 200 : 100 }, ...(type === 'date' ? { inputLabel: { shrink: true } } : {}) }}
    />
  );

  return (
    <>
      <PageHeading title={t('menu.users_activity')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="form" onSubmit={apply} aria-label={t('activity.filter.title')} role="search">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          {field('user')}
          {field('action')}
          {field('from', 'date')}
          {field('to', 'date')}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" startIcon={<FilterAlt />} data-testid="activity-filter-apply">
              {t('activity.filter.apply')}
            </Button>
            <Button onClick={clear}>{t('activity.filter.clear')}</Button>
          </Box>
        </Stack>
      </Paper>
      <AdminGrid
        testId="activity-grid"
        label={t('menu.users_activity')}
        rows={query.data?.list ?? []}
        getRowId={(row) => row.order}
        columns={columns}
        loading={query.isFetching}
        paginationMode="server"
        // Unknown until the last page: then it is what the pages so far held.
        rowCount={next === null && !query.isPlaceholderData ? model.page * PAGE_SIZE + (query.data?.list.length ?? 0) : -1}
        paginationMeta={{ hasNextPage: next !== null }}
        paginationModel={model}
        onPaginationModelChange={(m) => setModel({ page: m.page, pageSize: PAGE_SIZE })}
        disableColumnMenu
      />
    </>
  );
}
