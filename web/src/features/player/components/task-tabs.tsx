/**
 * The player's strip of task tabs (spec/3 "Task player"): a tab per task with its status colour, named by its
 * number and status; on a phone one row that is swiped sideways when the lesson has more tasks than fit (it shows
 * about five), wrapped onto more rows on a wider screen. Light tabs, not MUI's Tabs (components/light-tabs.tsx).
 */
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LightTabs } from '@/components/light-tabs';
import type { PlayerTaskData } from '../api/player';

const statusColour: Record<PlayerTaskData['status'], string> = {
  blank: 'transparent',
  passed: 'success.main',
  half: 'warning.main',
  failed: 'error.main',
};

interface Props {
  tasks: readonly PlayerTaskData[];
  /** The open task's index, or null while the lesson's tasks load. */
  value: number | null;
  onChange: (index: number) => void;
}

export function TaskTabs({ tasks, value, onChange }: Props) {
  const { t } = useTranslation();
  const tabs = tasks.map((task, i) => ({
    value: i,
    ariaLabel: t('player.taskTab', { n: i + 1, status: t(`player.status.${task.status}`) }),
    testId: 'task-tab',
    data: { 'data-status': task.status } as const,
    label: (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <Box
          component="span"
          sx={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            border: 2,
            borderColor: task.status === 'blank' ? 'text.secondary' : statusColour[task.status],
            bgcolor: statusColour[task.status],
          }}
        />
        {i + 1}
      </Box>
    ),
  }));
  return (
    <LightTabs
      tabs={tabs}
      value={value}
      onChange={onChange}
      label={t('player.tasks')}
      layout="swipe"
      testId="task-tabs"
      tabSx={{ minWidth: 56 }}
      sx={{ flexGrow: 1 }}
    />
  );
}
