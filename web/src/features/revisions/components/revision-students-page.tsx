/**
 * /revisions_teacher/{course_id} (spec/3 "Teacher screens": the teacher students overview; the
 * 'Student list' button of the teacher's revisions page): a revision selector (`?rev=` preselects),
 * a group selector over the revision's groups the teacher teaches, and a table of their students
 * with their attempt (status, score, begin, end). The group chips and the grid are the teaching
 * feature's, composed in app/routes/revisions-teacher.tsx.
 */
import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useCourseRevisions, useRevisionStudents, type RevisionStudents } from '../api/revisions';

export type RevisionStudentRow = RevisionStudents['students'][number] & { id: number; groups: string };

export interface RevisionStudentsSlots {
  /** The group selector: none chosen shows every group. */
  groups: (props: { groups: Array<{ id: number; group_name: string }>; chosen: number[]; onToggle: (id: number) => void }) => ReactNode;
  /** The table. */
  grid: (props: { rows: RevisionStudentRow[]; columns: GridColDef<RevisionStudentRow>[]; label: string; fileName: string; testId: string }) => ReactNode;
}

export function RevisionStudentsPage({ slots }: { slots: RevisionStudentsSlots }) {
  const { t, i18n } = useTranslation();
  const courseId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const list = useCourseRevisions(courseId);
  const revisions = list.data?.revisions ?? [];
  const asked = Number(search.get('rev') ?? 0);
  const revId = revisions.some((r) => r.id === asked) ? asked : (revisions[0]?.id ?? 0);
  const students = useRevisionStudents(courseId, revId);
  const [chosen, setChosen] = useState<number[]>([]);
  useBreadcrumbs([
    { label: t('revisions.course'), to: pathTo('course_content', { id: courseId }) },
    { label: t('revisions.teacher.title'), to: pathTo('revisions_teacher_revisions', { course_id: courseId }) },
    { label: t('revisions.overview.title') },
  ]);
  if (list.isPending) return <PageSpinner />;
  if (!list.data) return <Alert severity="error">{t('revisions.teacher.denied')}</Alert>;
  const data = students.data;
  const groupName = new Map((data?.groups ?? []).map((g) => [g.id, g.name]));
  const shownGroups = chosen.filter((id) => groupName.has(id));
  const rows: RevisionStudentRow[] = (data?.students ?? [])
    .filter((s) => shownGroups.length === 0 || s.group_ids.some((g) => shownGroups.includes(g)))
    .map((s) => ({ ...s, id: s.user_id, groups: s.group_ids.map((g) => groupName.get(g) ?? '').join(', ') }));
  const when = (ms: number | null) => (ms === null ? '' : new Date(ms).toLocaleString(i18n.resolvedLanguage ?? 'en'));
  const columns: GridColDef<RevisionStudentRow>[] = [
    { field: 'name', headerName: t('revisions.overview.name'), flex: 1, minWidth: 160, valueGetter: (_v, r) => `${r.name} ${r.surname}`.trim() },
    { field: 'groups', headerName: t('revisions.overview.group'), flex: 1, minWidth: 120 },
    { field: 'status', headerName: t('revisions.overview.status'), width: 130, valueGetter: (_v, r) => t(`revisions.overview.statuses.${r.status}`) },
    { field: 'score', headerName: t('revisions.overview.score'), width: 110, type: 'number', valueFormatter: (_v, r) => (r.status === 'not_started' ? '' : `${r.score} / ${r.max_score}`) },
    { field: 'begin', headerName: t('revisions.overview.begin'), width: 180, valueFormatter: (_v, r) => when(r.begin) },
    { field: 'end', headerName: t('revisions.overview.end'), width: 180, valueFormatter: (_v, r) => when(r.end) },
  ];

  return (
    <>
      <PageHeading title={t('revisions.overview.title')} />
      {revisions.length === 0 ? (
        <Alert severity="info">{t('revisions.overview.none')}</Alert>
      ) : (
        <>
          <TextField
            select
            label={t('revisions.overview.revision')}
            value={revId}
            onChange={(e) => setSearch({ rev: String(e.target.value) }, { replace: true })}
            sx={{ minWidth: 280, mb: 2 }}
            size="small"
            data-testid="revision-select"
          >
            {revisions.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.rev_title}
              </MenuItem>
            ))}
          </TextField>
          {data &&
            slots.groups({
              groups: data.groups.map((g) => ({ id: g.id, group_name: g.name })),
              chosen: shownGroups,
              onToggle: (id) => setChosen((now) => (now.includes(id) ? now.filter((g) => g !== id) : [...now, id])),
            })}
          {students.isPending ? (
            <PageSpinner />
          ) : (
            slots.grid({ rows, columns, label: t('revisions.overview.table'), fileName: `revision-${revId}-students`, testId: 'revision-students' })
          )}
        </>
      )}
    </>
  );
}
