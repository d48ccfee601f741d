/** A compact MUI X data grid of one student's chapters, lessons or tasks (the student pages), paged like the student tables. */
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, PageLinks, gridTexts } from './score-grid';

export function StudentGrid<R extends GridValidRowModel>(props: { rows: R[]; columns: GridColDef<R>[]; label: string; fileName: string; testId: string }) {
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
        localeText={gridTexts[i18n.resolvedLanguage ?? 'en']}
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
