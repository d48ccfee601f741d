/**
 * The student tables as MUI X data grids (spec/3 §9): 20 students a page, at most 10 page links,
 * sortable columns, CSV export. One column per chapter, lesson or task: the header is the name cut to
 * 15 characters with max tasks/max programs and links to the next table; a cell shows the scores in
 * quizzes / programs and links where a teacher reads on (the lesson or task table, the task detail).
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Link, Pagination } from '@mui/material';
import {
  DataGrid,
  gridPageCountSelector,
  gridPageSelector,
  useGridApiContext,
  useGridSelector,
  type GridColDef,
  type GridLocaleText,
} from '@mui/x-data-grid';
import { csCZ, esES, huHU, nlNL, plPL, ruRU, skSK } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { tableColumn } from '@lectio/shared/api/teaching';
import { cut } from '../lib/group-choice';

export const PAGE_SIZE = 20;

export const gridTexts: Record<string, Partial<GridLocaleText>> = {
  sk: skSK.components.MuiDataGrid.defaultProps.localeText,
  cs: csCZ.components.MuiDataGrid.defaultProps.localeText,
  pl: plPL.components.MuiDataGrid.defaultProps.localeText,
  hu: huHU.components.MuiDataGrid.defaultProps.localeText,
  ru: ruRU.components.MuiDataGrid.defaultProps.localeText,
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  nl: nlNL.components.MuiDataGrid.defaultProps.localeText,
};

/** Page links: the first, the last, the current and its neighbours (never more than 10 links). */
export function PageLinks() {
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

/** A chapter, lesson or task column (the registry's shape) and the next table it leads to, when there is one. */
export type ScoreColumn = z.output<typeof tableColumn> & { to?: string };
export interface ScoreCell {
  id: number;
  score_tasks: number;
  score_programs: number;
}
export interface ScoreRow {
  id: number;
  name: string;
  surname: string;
  group_id: number;
  cells: ScoreCell[];
}

const fmt = (v: number) => String(Math.round(v * 100) / 100);

export function ScoreGrid(props: {
  rows: ScoreRow[];
  columns: ScoreColumn[];
  groupNames: Map<number, string>;
  label: string;
  fileName: string;
  /** Where a cell leads (the same place as its header unless given). */
  cellTo?: (row: ScoreRow, column: ScoreColumn) => string | undefined;
  /** Where a student's name leads (their detail page). */
  rowTo?: (row: ScoreRow) => string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const { rows, columns, groupNames, cellTo, rowTo } = props;
  const gridColumns = useMemo((): GridColDef[] => {
    const people: GridColDef[] = [
      {
        field: 'name',
        headerName: t('teaching.table.name'),
        width: 140,
        renderCell: (params) => {
          const row = params.row as ScoreRow;
          return rowTo ? (
            <Link component={RouterLink} to={rowTo(row)} aria-label={t('teaching.table.studentLink', { student: `${row.name} ${row.surname}`.trim() })} data-testid="student-link">
              {row.name}
            </Link>
          ) : (
            row.name
          );
        },
      },
      { field: 'surname', headerName: t('teaching.table.surname'), width: 140 },
      { field: 'group', headerName: t('teaching.table.group'), width: 130, valueGetter: (_v, row: ScoreRow) => groupNames.get(row.group_id) ?? '' },
    ];
    const scores = columns.map((c, i): GridColDef => {
      const header = `${cut(c.name)} (${c.max_tasks}/${c.max_programs})`;
      return {
        field: `c${c.id}`,
        headerName: header,
        description: `${c.name}: ${t('teaching.table.maxima', { tasks: c.max_tasks, programs: c.max_programs, taskScore: c.max_score_tasks, programScore: c.max_score_programs })}`,
        // Room for 15 characters and the maxima.
        width: 190,
        type: 'number',
        align: 'left',
        headerAlign: 'left',
        // Sorted (and exported) by the total; shown as quizzes / programs.
        valueGetter: (_v, row: ScoreRow) => (row.cells[i]?.score_tasks ?? 0) + (row.cells[i]?.score_programs ?? 0),
        valueFormatter: (_v, row: ScoreRow) => `${fmt(row.cells[i]?.score_tasks ?? 0)} / ${fmt(row.cells[i]?.score_programs ?? 0)}`,
        renderHeader: () =>
          c.to ? (
            <Link component={RouterLink} to={c.to} onClick={(e) => e.stopPropagation()} data-testid="column-link">
              {header}
            </Link>
          ) : (
            header
          ),
        renderCell: (params) => {
          const row = params.row as ScoreRow;
          const text = `${fmt(row.cells[i]?.score_tasks ?? 0)} / ${fmt(row.cells[i]?.score_programs ?? 0)}`;
          const to = cellTo ? cellTo(row, c) : c.to;
          return to ? (
            <Link component={RouterLink} to={to} aria-label={t('teaching.table.cellLabel', { student: `${row.name} ${row.surname}`.trim(), column: c.name, score: text })}>
              {text}
            </Link>
          ) : (
            text
          );
        },
      };
    });
    return [...people, ...scores];
  }, [columns, groupNames, cellTo, rowTo, t]);

  return (
    <Box sx={{ width: '100%' }} data-testid={props.testId}>
      <DataGrid
        rows={rows}
        columns={gridColumns}
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
          toolbar: {
            showQuickFilter: false,
            csvOptions: { fileName: props.fileName, utf8WithBom: true },
            printOptions: { disableToolbarButton: true },
          },
        }}
      />
    </Box>
  );
}
