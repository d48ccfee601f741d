/**
 * The student tables as MUI X data grids (spec/3 §9): 20 students a page, at most 10 page links,
 * sortable columns, CSV export. One column per chapter, lesson or task: the header is the name cut to
 * 15 characters with max tasks/max programs and links to the next table; a cell shows the scores in
 * quizzes / programs and links where a teacher reads on (the lesson or task table, the task detail).
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { tableColumn } from '@lectio/shared/api/teaching';
import { cut } from '../lib/group-choice';
import { TeachingGrid } from './student-grid';

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
  const { t } = useTranslation();
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

  return <TeachingGrid rows={rows} columns={gridColumns} label={props.label} fileName={props.fileName} testId={props.testId} />;
}
