/**
 * The MUI X data grid of the teaching pages (spec/3 §9): compact, 20 rows a page with at most 10 page
 * links, sortable columns, CSV export, the grid's texts in the UI language. The student tables
 * (score-grid) and the one-student pages use it.
 */
import { Box, Pagination } from '@mui/material';
import {
  DataGrid,
  gridPageCountSelector,
  gridPageSelector,
  useGridApiContext,
  useGridSelector,
  type GridColDef,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { gridLocaleTexts } from '@/components/grid/admin-grid';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 20;


/** Page links: the first, the last, the current and its neighbours (never more than 10 links). */
function PageLinks() {
  const apiRef = useGridApiContext();
  const page = useGridSelector(apiRef, gridPageSelector);
  const count = useGridSelector(apiRef, gridPageCountSelector);
  const { t } = useTranslation();
  if (count <= 1) return null;
  return (
    <Pagination
      count={count}
      page={page + 1}
      siblingCount={2}
      boundaryCount={1}
      onChange={(_, value) => apiRef.current.setPage(value - 1)}
      getItemAriaLabel={(type, p) => (type === 'page' ? t('teaching.grid.page', { page: p }) : type === 'next' ? t('teaching.grid.next') : t('teaching.grid.previous'))}
      sx={{ py: 1 }}
      data-testid="grid-pages"
    />
  );
}


export function TeachingGrid<R extends GridValidRowModel>(props: { rows: R[]; columns: GridColDef<R>[]; label: string; fileName: string; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ width: '100%' }} data-testid={props.testId}>
      <DataGrid
        rows={props.rows}
        columns={props.columns}
        autoHeight
        density="compact"
        disableRowSelectionOnClick
        showToolbar
        label={props.label}
        localeText={gridLocaleTexts[i18n.resolvedLanguage ?? 'en']}
        initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZE, page: 0 } } }}
        pageSizeOptions={[PAGE_SIZE]}
        slots={{ pagination: PageLinks }}
        slotProps={{
          toolbar: { showQuickFilter: false, csvOptions: { fileName: props.fileName, utf8WithBom: true }, printOptions: { disableToolbarButton: true } },
        }}
      />
    </Box>
  );
}

const fmt = (v: number) => String(Math.round(v * 100) / 100);
/** 'score / max' of quizzes or programs. */
export const outOf = (score: number, max: number) => `${fmt(score)} / ${fmt(max)}`;
/** A student's name as the teacher may see it (the surname is empty unless they joined by key). */
export const studentName = (s: { name: string; surname: string } | undefined) => (s ? `${s.name} ${s.surname}`.trim() : '');
