/**
 * /groups (spec/3 "Groups page", §4 "Groups", §8): three cards, Member of groups, Created groups and
 * Teacher of groups. Owners create, edit and delete; a member leaves; a teacher stops teaching; anyone
 * joins a group as member (group key for a private group) or teacher (teacher key); owners join their
 * own groups without a key.
 */
import { useId, useState, type ReactNode } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExitToApp from '@mui/icons-material/ExitToApp';
import { useTranslation } from 'react-i18next';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useGroupsCall, useMyGroups, type MyGroups } from '../api/groups';
import { GroupFormDialog, type OwnGroup } from './group-form-dialog';
import { useGroupDialogs } from './use-group-dialogs';

type Summary = MyGroups['groups'][number];
type Role = 'member' | 'teacher';

function IconAction({ label, onClick, testId, children }: { label: string; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick} data-testid={testId} size="small">
        {children}
      </IconButton>
    </Tooltip>
  );
}

function GroupCard({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} data-testid={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {empty ? <Typography color="text.secondary">{t('groups.cards.empty')}</Typography> : <List dense>{children}</List>}
      </CardContent>
    </Card>
  );
}

function TypeChip({ type }: { type: number }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={type === 1 ? t('groups.type.public') : t('groups.type.private')} sx={{ ml: 1 }} />;
}

function JoinDialog({ open, groups, onClose, onJoin }: { open: boolean; groups: Summary[]; onClose: () => void; onJoin: (group: Summary, role: Role) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const roleId = useId();
  const [group, setGroup] = useState<Summary | null>(null);
  const [role, setRole] = useState<Role>('member');
  const close = () => {
    setGroup(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId} data-testid="join-dialog">
      <DialogTitle id={titleId}>{t('groups.join.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={groups}
            value={group}
            onChange={(_, value) => setGroup(value)}
            getOptionLabel={(g) => g.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('groups.join.noOptions')}
            renderInput={(params) => <TextField {...params} label={t('groups.join.group')} />}
            data-testid="join-group"
          />
          <Box>
            <FormLabel id={roleId}>{t('groups.join.role')}</FormLabel>
            <RadioGroup row aria-labelledby={roleId} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              <FormControlLabel value="member" control={<Radio />} label={t('groups.join.member')} data-testid="join-as-member" />
              <FormControlLabel value="teacher" control={<Radio />} label={t('groups.join.teacher')} data-testid="join-as-teacher" />
            </RadioGroup>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('groups.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!group}
          data-testid="join-submit"
          onClick={() => {
            if (group) onJoin(group, role);
            close();
          }}
        >
          {t('groups.actions.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function GroupsPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t('groups.page.title') }]);
  const query = useMyGroups();
  const dialogs = useGroupDialogs();
  const remove = useGroupsCall('deleteGroup');
  const join = useGroupsCall('addToGroup');
  const [form, setForm] = useState<{ open: boolean; group?: OwnGroup }>({ open: false });
  const [joining, setJoining] = useState(false);

  if (query.isPending) return <PageSpinner />;
  const data = query.data;
  if (!data) return null;

  const onDelete = async (g: OwnGroup) => {
    if (await dialogs.confirmDelete(g.name)) remove.mutate({ group_type: 'owner', id: g.id });
  };
  const onLeave = async (g: Summary, role: Role) => {
    if (await dialogs.confirmLeave(g.name)) remove.mutate({ group_type: role, id: g.id });
  };
  const onJoin = async (g: Summary, role: Role) => {
    const owner = data.my_owns.some((o) => o.id === g.id);
    let group_key = '';
    let teacher_key = '';
    if (!owner && role === 'teacher') {
      const key = await dialogs.askTeacherKey(g.name);
      if (key === null) return;
      teacher_key = key;
    } else if (!owner && g.type === 0) {
      const key = await dialogs.askGroupKey(g.name);
      if (key === null) return;
      group_key = key;
    }
    join.mutate({ list_type: role === 'member' ? 1 : 2, id: g.id, group_key, teacher_key, group_type: g.type });
  };

  return (
    <>
      <PageHeading
        title={t('groups.page.title')}
        subtitle={t('groups.page.subtitle')}
        action={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => setJoining(true)} data-testid="group-join">
              {t('groups.actions.join')}
            </Button>
            <Button variant="contained" onClick={() => setForm({ open: true })} data-testid="group-create">
              {t('groups.actions.create')}
            </Button>
          </Stack>
        }
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <GroupCard id="member-groups" title={t('groups.cards.member')} empty={data.my_groups.length === 0}>
            {data.my_groups.map((g) => (
              <ListItem
                key={g.id}
                data-testid="member-group"
                secondaryAction={
                  <IconAction label={t('groups.actions.leave', { name: g.name })} onClick={() => void onLeave(g, 'member')} testId={`leave-${g.id}`}>
                    <ExitToApp fontSize="small" />
                  </IconAction>
                }
              >
                <ListItemText primary={<>{g.name}<TypeChip type={g.type} /></>} />
              </ListItem>
            ))}
          </GroupCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <GroupCard id="created-groups" title={t('groups.cards.created')} empty={data.my_owns.length === 0}>
            {data.my_owns.map((g) => (
              <ListItem
                key={g.id}
                data-testid="created-group"
                sx={{ pr: 11 }}
                secondaryAction={
                  <>
                    <IconAction label={t('groups.actions.edit', { name: g.name })} onClick={() => setForm({ open: true, group: g })} testId={`edit-${g.id}`}>
                      <EditOutlined fontSize="small" />
                    </IconAction>
                    <IconAction label={t('groups.actions.delete', { name: g.name })} onClick={() => void onDelete(g)} testId={`delete-${g.id}`}>
                      <DeleteOutline fontSize="small" />
                    </IconAction>
                  </>
                }
              >
                <ListItemText
                  primary={<>{g.name}<TypeChip type={g.type} /></>}
                  secondary={[g.group_key && t('groups.keys.group', { key: g.group_key }), g.teacher_key && t('groups.keys.teacher', { key: g.teacher_key })].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </GroupCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <GroupCard id="teacher-groups" title={t('groups.cards.teacher')} empty={data.teach_groups.length === 0}>
            {data.teach_groups.map((g) => (
              <ListItem
                key={g.id}
                data-testid="taught-group"
                secondaryAction={
                  <IconAction label={t('groups.actions.stopTeaching', { name: g.name })} onClick={() => void onLeave(g, 'teacher')} testId={`stop-${g.id}`}>
                    <ExitToApp fontSize="small" />
                  </IconAction>
                }
              >
                <ListItemText primary={<>{g.name}<TypeChip type={g.type} /></>} secondary={g.group_key ? t('groups.keys.group', { key: g.group_key }) : undefined} />
              </ListItem>
            ))}
          </GroupCard>
        </Grid>
      </Grid>
      <GroupFormDialog open={form.open} group={form.group} onClose={() => setForm({ open: false })} />
      <JoinDialog open={joining} groups={data.groups} onClose={() => setJoining(false)} onJoin={(g, role) => void onJoin(g, role)} />
    </>
  );
}
