/**
 * /student_settings/{id} (spec/3 "Teacher screens", §7): 'My study groups' of the course as removable
 * chips (leaving asks first) and a picker of the course's other groups to join (a private group asks
 * for its group key).
 */
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { Autocomplete, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { courseCrumbs, useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useGroupsCall, useJoinableGroups, useStudentGroups, type StudentGroup } from '../api/groups';
import { useGroupDialogs } from './use-group-dialogs';

export function StudentSettingsPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const headingId = useId();
  const mine = useStudentGroups(courseId);
  const joinable = useJoinableGroups(courseId);
  const dialogs = useGroupDialogs();
  const join = useGroupsCall('addStudentToCourseGroup');
  const leave = useGroupsCall('leaveCourseGroup');
  const [picked, setPicked] = useState<StudentGroup | null>(null);
  const data = mine.data;
  useBreadcrumbs(
    data
      ? [
          ...courseCrumbs(data),
          { label: t('groups.student.title') },
        ]
      : [{ label: t('groups.student.title') }],
  );
  if (mine.isPending) return <PageSpinner />;
  if (!data) return null;

  const onJoin = async () => {
    if (!picked) return;
    let group_key = '';
    if (picked.type === 0) {
      const key = await dialogs.askGroupKey(picked.group_name);
      if (key === null) return;
      group_key = key;
    }
    join.mutate({ group_id: picked.id, group_key, course_id: courseId }, { onSuccess: () => setPicked(null) });
  };
  const onLeave = async (g: StudentGroup) => {
    if (await dialogs.confirmLeave(g.group_name)) leave.mutate({ group_id: g.id, course_id: courseId });
  };

  return (
    <>
      <PageHeading title={t('groups.student.title')} subtitle={data.course.name} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {t('groups.student.title')}
        </Typography>
        {data.groups.length === 0 ? (
          <Typography color="text.secondary" data-testid="no-study-groups">
            {t('groups.student.none')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
            {data.groups.map((g) => (
              <li key={g.id}>
                <Chip
                  label={g.group_name}
                  color="primary"
                  variant="outlined"
                  onDelete={() => void onLeave(g)}
                  // The chip is the control (Delete or Backspace leaves, as the × does); its name says so.
                  aria-label={t('groups.actions.leave', { name: g.group_name })}
                  data-testid="study-group"
                />
              </li>
            ))}
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
          <Autocomplete
            sx={{ minWidth: 280, flexGrow: 1, maxWidth: 480 }}
            options={joinable.data?.groups ?? []}
            loading={joinable.isPending}
            value={picked}
            onChange={(_, value) => setPicked(value)}
            getOptionLabel={(g) => g.group_name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('groups.student.noOptions')}
            renderInput={(params) => <TextField {...params} label={t('groups.student.picker')} />}
            data-testid="study-group-picker"
          />
          <Button variant="contained" disabled={!picked || join.isPending} onClick={() => void onJoin()} data-testid="study-group-join">
            {t('groups.student.join')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
