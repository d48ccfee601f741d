/**
 * /teacher_students/{course_id}/{group_id} and /teacher_chapters/{course_id} (spec/3 "Teacher
 * screens"): the students of the caller's groups in four tabs. Course: students × chapters (headers
 * link to the lesson table) and the heat map; Competitions: students × competition chapters;
 * Exercises and Duels show nothing, as the spec says. Group 0 (and teacher_chapters) means every group.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useChaptersTable, useCompetitionsTable } from '../api/teaching';
import { HeatMap } from './heat-map';
import { ScoreGrid, type ScoreColumn, type ScoreRow } from './score-grid';
import { TableFrame, useCourseTables, useTeachingCrumbs } from './table-frame';

const studentTo = (row: ScoreRow) => pathTo('student_detail', { student_id: row.id });

const tabs = ['course', 'exercises', 'competitions', 'duels'] as const;
type TabName = (typeof tabs)[number];

export function StudentsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.course_id);
  const frame = useCourseTables(courseId, Number(params.group_id ?? 0));
  const [tab, setTab] = useState<TabName>('course');
  const chapters = useChaptersTable(courseId, frame.ids, frame.ready && tab === 'course');
  const competitions = useCompetitionsTable(courseId, frame.ids, frame.ready && tab === 'competitions');
  const place = frame.course.data;
  useTeachingCrumbs(courseId, place, [{ label: t('teaching.students.title') }]);

  const chapterColumns: ScoreColumn[] = (chapters.data?.chapters ?? []).map((c) => ({ ...c, to: pathTo('teacher_lessons', { course_id: courseId, chapter_id: c.id }) }));
  const chapterRows: ScoreRow[] = (chapters.data?.students ?? []).map((s) => ({ ...s, cells: s.chapters }));
  const competitionColumns: ScoreColumn[] = (competitions.data?.chapters ?? []).map((c) => ({
    id: c.id,
    name: c.chapter_name,
    max_tasks: c.max_tasks,
    max_programs: c.max_programs,
    max_score_tasks: 0,
    max_score_programs: 0,
  }));
  const competitionRows: ScoreRow[] = (competitions.data?.students ?? []).map((s) => ({ ...s, cells: s.chapters }));
  const active = tab === 'course' ? chapters : tab === 'competitions' ? competitions : null;

  return (
    <TableFrame title={t('teaching.students.title')} subtitle={place?.course.name} frame={frame} pending={Boolean(active?.isPending)} error={active?.error}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} aria-label={t('teaching.students.tabs')} variant="scrollable">
          {tabs.map((name) => (
            <Tab key={name} value={name} label={t(`teaching.students.${name}`)} data-testid={`tab-${name}`} id={`teaching-tab-${name}`} aria-controls="teaching-tab-panel" />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="teaching-tab-panel" aria-labelledby={`teaching-tab-${tab}`}>
        {tab === 'course' && chapters.data && (
          <>
            <ScoreGrid
              rows={chapterRows}
              columns={chapterColumns}
              groupNames={frame.groupNames}
              label={t('teaching.students.courseTable')}
              fileName={`students-${courseId}`}
              rowTo={studentTo}
              cellTo={(row, column) => pathTo('student_chapter', { student_id: row.id, chapter_id: column.id })}
              testId="chapters-grid"
            />
            <Box sx={{ mt: 3 }}>
              <HeatMap rows={chapterRows} columns={chapterColumns} title={t('teaching.heatMap.chapters')} />
            </Box>
          </>
        )}
        {tab === 'competitions' && competitions.data && (
          <ScoreGrid
            rows={competitionRows}
            columns={competitionColumns}
            groupNames={frame.groupNames}
            label={t('teaching.students.competitionsTable')}
            fileName={`competitions-${courseId}`}
            rowTo={studentTo}
            testId="competitions-grid"
          />
        )}
        {(tab === 'exercises' || tab === 'duels') && (
          <Typography color="text.secondary" data-testid="tab-empty">
            {t('teaching.students.nothing')}
          </Typography>
        )}
      </Box>
    </TableFrame>
  );
}
