/**
 * The group chips of the student tables: the caller's groups in the course, each one toggled on or
 * off; none chosen shows every group. The choice is kept per course (local storage student_groups).
 */
import { useCallback, useState } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { storeGroups, storedGroups } from '../lib/group-choice';
import type { TeacherGroup } from '../api/teaching';

/** The chosen groups of a course: from the route's group when it names one, else the stored choice. */
export function useGroupChoice(courseId: number, routeGroup = 0) {
  const [chosen, setChosen] = useState<number[]>(() => {
    if (routeGroup > 0) {
      storeGroups(courseId, [routeGroup]);
      return [routeGroup];
    }
    return storedGroups(courseId);
  });
  const toggle = useCallback(
    (id: number) =>
      setChosen((now) => {
        const next = now.includes(id) ? now.filter((g) => g !== id) : [...now, id];
        storeGroups(courseId, next);
        return next;
      }),
    [courseId],
  );
  return { chosen, toggle };
}

export function GroupChips({ groups, chosen, onToggle }: { groups: TeacherGroup[]; chosen: number[]; onToggle: (id: number) => void }) {
  const { t } = useTranslation();
  // A stored group the caller no longer sees is ignored.
  const visible = chosen.filter((id) => groups.some((g) => g.id === id));
  return (
    <Box sx={{ mb: 2 }} role="group" aria-label={t('teaching.groups.label')} data-testid="group-chips">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {visible.length ? t('teaching.groups.chosen') : t('teaching.groups.all')}
        </Typography>
        {groups.map((g) => {
          const on = visible.includes(g.id);
          return (
            <Chip
              key={g.id}
              label={g.group_name}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => onToggle(g.id)}
              aria-pressed={on}
              data-testid={`group-chip-${g.id}`}
            />
          );
        })}
        {groups.length === 0 && <Typography variant="body2">{t('teaching.groups.none')}</Typography>}
      </Stack>
    </Box>
  );
}

/** The ids to ask the server for: the visible chosen ones (none: all). */
export const chosenIds = (groups: TeacherGroup[] | undefined, chosen: number[]) => (groups ? chosen.filter((id) => groups.some((g) => g.id === id)) : chosen);
