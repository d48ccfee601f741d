/**
 * The assignment side of a program task (spec/3 "Task player"): tabs Assignment, My solutions, My ratings
 * and My bug-reports. Only the learner's own records are listed, read when their tab opens; a graded
 * solution can be put back into the editor.
 */
import { useState } from 'react';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { LightTabs } from '@/components/light-tabs';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Warning from '@mui/icons-material/Warning';
import { useTranslation } from 'react-i18next';
import { gradeColour } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import { useMyRecords } from '../api/player';
import { HelpPanel } from './task-extras';

type InfoTab = 'assignment' | 'solutions' | 'ratings' | 'reports';
/** The grade's colour goes on an icon (text in a warning colour would be too pale to read). */
const gradeIcons = {
  green: <CheckCircle fontSize="small" sx={{ color: 'success.main' }} aria-hidden />,
  orange: <Warning fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />,
  red: <ErrorIcon fontSize="small" sx={{ color: 'error.main' }} aria-hidden />,
};

export interface ProgramInfoProps {
  taskId: number;
  title: string;
  assignment: string;
  help: string;
  /** Puts a graded solution's files (JSON text of [{ filename, filecontent }]) into the editor. */
  onLoadSolution: (code: string) => void;
}

function Empty({ text }: { text: string }) {
  return <Typography color="text.secondary">{text}</Typography>;
}

function MyRecords({ taskId, tab, onLoadSolution }: { taskId: number; tab: Exclude<InfoTab, 'assignment'>; onLoadSolution: (code: string) => void }) {
  const { t, i18n } = useTranslation();
  const records = useMyRecords(taskId, tab, true);
  const when = (iso: string) => (iso ? new Date(iso).toLocaleString(i18n.language) : '');
  const data = records.data;
  if (records.isPending) return <Empty text={t('app.loading')} />;
  if (records.isError || !data) return <Empty text={t('programming.recordsFailed')} />;
  if (data.kind === 'ratings') {
    if (!data.list.length) return <Empty text={t('programming.noRatings')} />;
    return (
      <List dense data-testid="my-ratings">
        {data.list.map((a, i) => (
          <ListItem key={i} divider>
            <ListItemText primary={`${a.rating.toFixed(1)} %`} secondary={when(a.time_stamp)} />
          </ListItem>
        ))}
      </List>
    );
  }
  if (data.kind === 'solutions') {
    if (!data.list.length) return <Empty text={t('programming.noSolutions')} />;
    return (
      <List dense data-testid="my-solutions">
        {data.list.map((s, i) => (
          <ListItem
            key={i}
            divider
            secondaryAction={
              <Button size="small" onClick={() => onLoadSolution(s.code)} data-testid="load-solution" aria-label={t('programming.loadSolutionOf', { time: when(s.time_stamp) })}>
                {t('programming.loadSolution')}
              </Button>
            }
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}>
                  {gradeIcons[gradeColour(s.grade)]}
                  {`${s.grade.toFixed(2)} %`}
                </Box>
              }
              secondary={when(s.time_stamp)}
            />
          </ListItem>
        ))}
      </List>
    );
  }
  if (!data.list.length) return <Empty text={t('programming.noReports')} />;
  return (
    <List dense data-testid="my-reports">
      {data.list.map((r, i) => (
        <ListItem key={i} divider>
          <ListItemText primary={r.description} secondary={when(r.created_at)} slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }} />
        </ListItem>
      ))}
    </List>
  );
}

export function ProgramInfo({ taskId, title, assignment, help, onLoadSolution }: ProgramInfoProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<InfoTab>('assignment');
  return (
    <Box sx={{ p: 1.5 }} data-testid="program-assignment">
      <LightTabs
        tabs={[
          { value: 'assignment', label: t('programming.assignment') },
          { value: 'solutions', label: t('programming.mySolutions'), testId: 'tab-solutions' },
          { value: 'ratings', label: t('programming.myRatings'), testId: 'tab-ratings' },
          { value: 'reports', label: t('programming.myReports'), testId: 'tab-reports' },
        ]}
        value={tab}
        onChange={setTab}
        label={t('programming.assignmentTabs')}
        layout="wrap"
        height={36}
        sx={{ mb: 1 }}
      />
      {tab === 'assignment' ? (
        <>
          {title && (
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {title}
            </Typography>
          )}
          <SafeHtml html={assignment} />
          {help && <HelpPanel help={help} />}
        </>
      ) : (
        <MyRecords taskId={taskId} tab={tab} onLoadSolution={onLoadSolution} />
      )}
    </Box>
  );
}
