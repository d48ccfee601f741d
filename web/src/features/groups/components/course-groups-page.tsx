/**
 * /course_groups/{id}, /teacher_groups/{id} and /teacher_quizzes/{id} (spec/3 "Teacher screens", §4
 * "Groups", §8): the course's groups the caller created and the ones they teach; create and edit
 * (name and keys 5-30), archive and unarchive per list, show archived, show keys, teach a group (the
 * caller's own without a key, another teacher's with its teacher key), stop teaching, delete.
 *
 * The teacher permission this page checks (issue 21 item 6): any logged-in user may teach in a course,
 * so the page opens for every logged-in user of an existing course and lists only the caller's own
 * relations; the server authorises every change per group. 'No permissions' shows when the server
 * refuses the list (401/403); an unknown course shows the server's text.
 */
import { useId, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExitToApp from '@mui/icons-material/ExitToApp';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/server-error-text';
import { courseCrumbs, useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useCourseGroups, useGroupsCall, useTeachableGroups, type CourseGroup } from '../api/groups';
import { CourseGroupFormDialog } from './course-group-form-dialog';
import { useGroupDialogs } from './use-group-dialogs';

type Teachable = { id: number; group_name: string; own: number };

function RowAction({ label, onClick, testId, children }: { label: string; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick} data-testid={testId} size="small">
        {children}
      </IconButton>
    </Tooltip>
  );
}

function TeachDialog({ courseId, open, onClose, onTeach }: { courseId: number; open: boolean; onClose: () => void; onTeach: (g: Teachable) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useTeachableGroups(courseId, open);
  const [group, setGroup] = useState<Teachable | null>(null);
  const close = () => {
    setGroup(null);
    onClose();
  };
  const label = (g: Teachable) => (g.own ? t('groups.course.own', { name: g.group_name }) : g.group_name);
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId} data-testid="teach-dialog">
      <DialogTitle id={titleId}>{t('groups.course.teachTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <Autocomplete
            options={query.data?.teaching_groups ?? []}
            loading={query.isPending}
            value={group}
            onChange={(_, value) => setGroup(value)}
            getOptionLabel={label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('groups.join.noOptions')}
            renderInput={(params) => <TextField {...params} label={t('groups.join.group')} />}
            data-testid="teach-group"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('groups.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!group}
          data-testid="teach-submit"
          onClick={() => {
            if (group) onTeach(group);
            close();
          }}
        >
          {t('groups.course.teachButton')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function GroupTable({ id, title, rows, children }: { id: string; title: string; rows: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={id} data-testid={id}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {rows === 0 ? (
        <Typography color="text.secondary">{t('groups.course.none')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('groups.course.name')}</TableCell>
                <TableCell scope="col" align="right">
                  {t('groups.course.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function GroupName({ group, keyShown }: { group: CourseGroup; keyShown: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Box component="span" sx={{ fontWeight: 500 }}>
        {group.group_name}
      </Box>
      {group.archived === 1 && <Chip size="small" label={t('groups.course.archived')} sx={{ ml: 1 }} />}
      {keyShown && (
        <Typography variant="body2" color="text.secondary" data-testid="group-keys">
          {t('groups.keys.group', { key: group.group_key })} · {t('groups.keys.teacher', { key: group.teacher_key })}
        </Typography>
      )}
    </>
  );
}

export function CourseGroupsPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const query = useCourseGroups(courseId);
  const errorText = useErrorText();
  const dialogs = useGroupDialogs();
  const archive = useGroupsCall('changeArchiveGroup');
  const remove = useGroupsCall('deleteCourseGroup');
  const teach = useGroupsCall('addTeacherToGroup');
  const stop = useGroupsCall('stopTeachingGroup');
  const [showArchived, setShowArchived] = useState(false);
  const [keysShown, setKeysShown] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<{ open: boolean; group?: CourseGroup }>({ open: false });
  const [teaching, setTeaching] = useState(false);
  const data = query.data;
  useBreadcrumbs(
    data
      ? [
          ...courseCrumbs(data),
          { label: t('groups.course.title') },
        ]
      : [{ label: t('groups.course.title') }],
  );

  if (query.isPending) return <PageSpinner />;
  if (!data) {
    const denied = isApiError(query.error) && (query.error.status === 401 || query.error.status === 403);
    return (
      <Alert severity="warning" data-testid="no-permissions">
        {denied ? t('groups.course.noPermissions') : errorText(query.error)}
      </Alert>
    );
  }

  const shown = (list: CourseGroup[]) => list.filter((g) => showArchived || g.archived === 0);
  const created = shown(data.created_groups);
  const taught = shown(data.teaching_groups);
  const taughtIds = new Set(data.teaching_groups.map((g) => g.id));
  const toggleKey = (id: string) =>
    setKeysShown((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const keyAction = (g: CourseGroup, list: string) => {
    const key = `${list}-${g.id}`;
    const open = keysShown.has(key);
    return (
      <RowAction label={t(open ? 'groups.course.hideKey' : 'groups.course.showKey', { name: g.group_name })} onClick={() => toggleKey(key)} testId={`${list}-key-${g.id}`}>
        <VpnKeyOutlined fontSize="small" />
      </RowAction>
    );
  };
  const archiveAction = (g: CourseGroup, list: 'created' | 'teaching') => (
    <RowAction
      label={t(g.archived ? 'groups.course.unarchive' : 'groups.course.archive', { name: g.group_name })}
      onClick={() => archive.mutate({ group_id: g.id, operation_type: list, course_id: courseId })}
      testId={`${list}-archive-${g.id}`}
    >
      {g.archived ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}
    </RowAction>
  );
  const onTeach = async (g: { id: number; group_name: string; own: number }) => {
    let teacher_key = '';
    if (!g.own) {
      const key = await dialogs.askTeacherKey(g.group_name);
      if (key === null) return;
      teacher_key = key;
    }
    teach.mutate({ group_id: g.id, teacher_key, course_id: courseId });
  };

  return (
    <>
      <PageHeading
        title={t('groups.course.title')}
        subtitle={data.course.name}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={<Switch checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} data-testid="show-archived" />}
              label={t('groups.course.showArchived')}
            />
            <Button variant="outlined" onClick={() => setTeaching(true)} data-testid="teach-open">
              {t('groups.course.teach')}
            </Button>
            <Button variant="contained" onClick={() => setForm({ open: true })} data-testid="course-group-new">
              {t('groups.course.newGroup')}
            </Button>
          </Stack>
        }
      />
      <Stack spacing={4}>
        <GroupTable id="created-course-groups" title={t('groups.course.created')} rows={created.length}>
          {created.map((g) => (
            <TableRow key={g.id} data-testid="created-course-group" data-archived={g.archived}>
              <TableCell>
                <GroupName group={g} keyShown={keysShown.has(`created-${g.id}`)} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {keyAction(g, 'created')}
                <RowAction label={t('groups.actions.edit', { name: g.group_name })} onClick={() => setForm({ open: true, group: g })} testId={`created-edit-${g.id}`}>
                  <EditOutlined fontSize="small" />
                </RowAction>
                {!taughtIds.has(g.id) && (
                  <RowAction label={t('groups.course.teachGroup', { name: g.group_name })} onClick={() => void onTeach({ ...g, own: 1 })} testId={`created-teach-${g.id}`}>
                    <SchoolOutlined fontSize="small" />
                  </RowAction>
                )}
                {archiveAction(g, 'created')}
                <RowAction
                  label={t('groups.actions.delete', { name: g.group_name })}
                  onClick={() => void dialogs.confirmDelete(g.group_name).then((yes) => yes && remove.mutate({ group_id: g.id, course_id: courseId }))}
                  testId={`created-delete-${g.id}`}
                >
                  <DeleteOutlined fontSize="small" />
                </RowAction>
              </TableCell>
            </TableRow>
          ))}
        </GroupTable>
        <GroupTable id="teaching-course-groups" title={t('groups.course.teaching')} rows={taught.length}>
          {taught.map((g) => (
            <TableRow key={g.id} data-testid="teaching-course-group" data-archived={g.archived}>
              <TableCell>
                <GroupName group={g} keyShown={keysShown.has(`teaching-${g.id}`)} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {keyAction(g, 'teaching')}
                {archiveAction(g, 'teaching')}
                <RowAction
                  label={t('groups.actions.stopTeaching', { name: g.group_name })}
                  onClick={() => void dialogs.confirmLeave(g.group_name).then((yes) => yes && stop.mutate({ group_id: g.id, course_id: courseId }))}
                  testId={`teaching-stop-${g.id}`}
                >
                  <ExitToApp fontSize="small" />
                </RowAction>
              </TableCell>
            </TableRow>
          ))}
        </GroupTable>
      </Stack>
      <CourseGroupFormDialog open={form.open} courseId={courseId} group={form.group} onClose={() => setForm({ open: false })} />
      <TeachDialog courseId={courseId} open={teaching} onClose={() => setTeaching(false)} onTeach={(g) => void onTeach(g)} />
    </>
  );
}
