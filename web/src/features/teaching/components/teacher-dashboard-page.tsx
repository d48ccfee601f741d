/**
 * /teacher_dashboard (spec/3 "Teacher screens", §5, §8): the caller's courses, each with the groups
 * they see in it. A course is added from the catalogue's courses not on the dashboard yet; a group is
 * added from the caller's own or taught groups not in the course yet; removing a group or a course
 * asks first; a course that still has groups is refused with 'Course contains groups'.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Autocomplete, Box, Button, Card, CardActions, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { escapeHtml } from '@/lib/escape-html';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useFeedback } from '@/components/feedback/feedback';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import {
  useAddGroupToCourse,
  useAddTeacherCourse,
  useCoursesForTeacher,
  useDeleteGroupFromCourse,
  useDeleteTeacherCourse,
  useTeacherCourses,
  useTeachingGroups,
  type TeacherCourse,
} from '../api/teaching';

interface Option {
  id: number;
  label: string;
}

/** A dialog that picks one option and confirms it. */
function PickDialog(props: { open: boolean; title: string; label: string; options: Option[]; loading: boolean; empty: string; onClose: () => void; onPick: (id: number) => void; testId: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Option | null>(null);
  const close = () => {
    setValue(null);
    props.onClose();
  };
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm" data-testid={props.testId}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        {!props.loading && props.options.length === 0 ? (
          <Typography sx={{ mt: 1 }}>{props.empty}</Typography>
        ) : (
          <Autocomplete
            sx={{ mt: 1 }}
            options={props.options}
            loading={props.loading}
            value={value}
            onChange={(_, v) => setValue(v)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={props.label} autoFocus />}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('teaching.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!value}
          onClick={() => {
            if (value) props.onPick(value.id);
            close();
          }}
          data-testid="pick-confirm"
        >
          {t('teaching.actions.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CourseCard({ course, onAddGroup }: { course: TeacherCourse; onAddGroup: (course: TeacherCourse) => void }) {
  const { t } = useTranslation();
  const dialog = useMessageDialog();
  const feedback = useFeedback();
  const removeGroup = useDeleteGroupFromCourse();
  const removeCourse = useDeleteTeacherCourse();
  const ask = async (text: string) =>
    (await dialog.open({
      type: 'question',
      html: `<p>${escapeHtml(text)}</p>`,
      buttons: [
        { label: t('teaching.actions.yes'), value: true },
        { label: t('teaching.actions.no'), value: false },
      ],
    })) === true;
  const deleteCourse = async () => {
    // spec/3 §5: refused while the course has groups (the server says the same).
    if (course.groups.length) {
      feedback.show(t('teaching.dashboard.containsGroups'));
      return;
    }
    if (await ask(t('teaching.dashboard.confirmDeleteCourse', { name: course.course_name }))) {
      await removeCourse.mutateAsync(course.id);
      feedback.show(t('teaching.dashboard.courseRemoved', { name: course.course_name }), 'success');
    }
  };
  const deleteGroup = async (group: TeacherCourse['groups'][number]) => {
    if (await ask(t('teaching.dashboard.confirmRemoveGroup', { group: group.group_name, course: course.course_name }))) {
      await removeGroup.mutateAsync({ courseId: course.id, groupId: group.id });
    }
  };
  return (
    <Card variant="outlined" sx={{ borderLeft: 6, borderLeftColor: course.area_color || 'primary.main' }} data-testid="teacher-course" data-course={course.id}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p">
          {course.area_name}
        </Typography>
        <Typography variant="h6" component="h2">
          {course.course_name}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }} aria-label={t('teaching.dashboard.groupsOf', { name: course.course_name })} role="list">
          {course.groups.map((g) => (
            <Stack role="listitem" key={g.id} direction="row" sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, pl: 1.5 }} data-testid="course-group">
              <Link component={RouterLink} to={pathTo('teacher_students', { course_id: course.id, group_id: g.id })}>
                {g.group_name}
              </Link>
              <IconButton size="small" aria-label={t('teaching.dashboard.removeGroup', { name: g.group_name })} onClick={() => void deleteGroup(g)} data-testid="remove-group">
                <Close fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          {course.groups.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('teaching.dashboard.noGroups')}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={pathTo('teacher_students', { course_id: course.id, group_id: 0 })} variant="contained" data-testid="open-students">
          {t('teaching.dashboard.students')}
        </Button>
        <Button onClick={() => onAddGroup(course)} startIcon={<Add />} data-testid="add-group">
          {t('teaching.dashboard.addGroup')}
        </Button>
        <Button component={RouterLink} to={pathTo('course_groups', { id: course.id })} data-testid="course-groups">
          {t('teaching.dashboard.courseGroups')}
        </Button>
        <Button color="error" onClick={() => void deleteCourse()} data-testid="remove-course">
          {t('teaching.dashboard.removeCourse')}
        </Button>
      </CardActions>
    </Card>
  );
}

export function TeacherDashboardPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t('teaching.dashboard.title') }]);
  const courses = useTeacherCourses();
  const [adding, setAdding] = useState(false);
  const [groupFor, setGroupFor] = useState<TeacherCourse | null>(null);
  const offered = useCoursesForTeacher(adding);
  const groups = useTeachingGroups();
  const addCourse = useAddTeacherCourse();
  const addGroup = useAddGroupToCourse();
  if (courses.isPending) return <PageSpinner />;
  const list = courses.data ?? [];
  // Only groups not in the course yet are offered (spec/3 §5).
  const groupOptions = groupFor ? (groups.data ?? []).filter((g) => !groupFor.groups.some((c) => c.id === g.id)).map((g) => ({ id: g.id, label: g.group_name })) : [];
  return (
    <>
      <PageHeading
        title={t('teaching.dashboard.title')}
        subtitle={t('teaching.dashboard.subtitle')}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)} data-testid="add-course">
            {t('teaching.dashboard.addCourse')}
          </Button>
        }
      />
      {list.length === 0 ? (
        <Typography data-testid="no-courses">{t('teaching.dashboard.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {list.map((c) => (
            <CourseCard key={c.id} course={c} onAddGroup={setGroupFor} />
          ))}
        </Box>
      )}
      <PickDialog
        open={adding}
        title={t('teaching.dashboard.addCourse')}
        label={t('teaching.dashboard.course')}
        options={(offered.data ?? []).map((c) => ({ id: c.id, label: `${c.course_name} (${c.area_name})` }))}
        loading={offered.isPending}
        empty={t('teaching.dashboard.noCourseToAdd')}
        onClose={() => setAdding(false)}
        onPick={(id) => addCourse.mutate(id)}
        testId="add-course-dialog"
      />
      <PickDialog
        open={groupFor !== null}
        title={t('teaching.dashboard.addGroupTo', { name: groupFor?.course_name ?? '' })}
        label={t('teaching.dashboard.group')}
        options={groupOptions}
        loading={groups.isPending}
        empty={t('teaching.dashboard.noGroupToAdd')}
        onClose={() => setGroupFor(null)}
        onPick={(id) => groupFor && addGroup.mutate({ courseId: groupFor.id, groupId: id })}
        testId="add-group-dialog"
      />
    </>
  );
}
