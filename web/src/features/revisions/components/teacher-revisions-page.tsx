/**
 * /revisions_teacher_revisions/{course_id} (spec/3 "Teacher screens", §4 "Revisions"): the course's
 * revisions with create and edit forms (saving closes the form and reloads the list), delete, and a
 * 'Student list' button to revisions_teacher.
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import type { RevisionItem } from '@lectio/shared/api/revisions';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useCourseRevisions, useDeleteRevision, useSaveRevision } from '../api/revisions';
import { RevisionFormBox, type RevisionValues } from './revision-form';

export function TeacherRevisionsPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().course_id);
  const page = useCourseRevisions(courseId);
  const save = useSaveRevision(courseId);
  const remove = useDeleteRevision(courseId);
  /** null: no form; 0: a new revision; otherwise the edited id. */
  const [editing, setEditing] = useState<number | null>(null);
  useBreadcrumbs([{ label: t('revisions.course'), to: pathTo('course_content', { id: courseId }) }, { label: t('revisions.teacher.title') }]);
  if (page.isPending) return <PageSpinner />;
  if (!page.data) return <Alert severity="error">{t('revisions.teacher.denied')}</Alert>;
  const data = page.data;
  const edited: RevisionItem | null = data.revisions.find((r) => r.id === editing) ?? null;

  const onSave = (v: RevisionValues) => {
    const shown = new Set(data.groups.map((g) => g.id));
    save.mutate(
      {
        course_id: courseId, rev_id: editing ?? 0, rev_title: v.rev_title, rev_key: edited?.rev_key ?? '', time_limit: v.time_limit,
        task_number: v.task_number, open_begin: v.open_begin, open_end: v.open_end, check_OB: v.check_OB ? 1 : 0, check_OE: v.check_OE ? 1 : 0,
        rev_style: v.rev_style === 1 ? 1 : 0, question_type_list: v.types.join(','), chapter_list: v.chapters.join(','),
        group_list: v.groups, ungroup_list: [...shown].filter((id) => !v.groups.includes(id)),
      },
      { onSuccess: () => setEditing(null) },
    );
  };

  return (
    <>
      <PageHeading
        title={t('revisions.teacher.title')}
        action={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={pathTo('revisions_teacher', { id: courseId })}>{t('revisions.teacher.studentList')}</Button>
            <Button variant="contained" onClick={() => setEditing(0)} disabled={editing !== null}>{t('revisions.teacher.create')}</Button>
          </Stack>
        }
      />
      {editing !== null && (
        <Paper sx={{ p: 2, mb: 3 }}>
          <RevisionFormBox key={editing} page={data} revision={edited} busy={save.isPending} onCancel={() => setEditing(null)} onSave={onSave} />
        </Paper>
      )}
      {data.revisions.length === 0 ? (
        <Alert severity="info">{t('revisions.teacher.none')}</Alert>
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label={t('revisions.teacher.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('revisions.fields.title')}</TableCell>
                <TableCell align="right">{t('revisions.fields.timeLimit')}</TableCell>
                <TableCell align="right">{t('revisions.fields.tasks')}</TableCell>
                <TableCell>{t('revisions.fields.groups')}</TableCell>
                <TableCell align="right">{t('revisions.teacher.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.revisions.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.rev_title}</TableCell>
                  <TableCell align="right">{r.time_limit}</TableCell>
                  <TableCell align="right">{r.task_number}</TableCell>
                  <TableCell>{r.groupList.map((g) => data.groups.find((x) => x.id === g.id)?.name ?? g.id).join(', ')}</TableCell>
                  <TableCell align="right">
                    <IconButton aria-label={t('revisions.teacher.editOne', { title: r.rev_title })} onClick={() => setEditing(r.id)}><EditIcon /></IconButton>
                    <IconButton aria-label={t('revisions.teacher.deleteOne', { title: r.rev_title })} onClick={() => remove.mutate(r.id)}><DeleteIcon /></IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
