/**
 * /course_content/{id}: tabs Chapters, Revisions, Competitions, Duels, Quizzes and the sidebar; the
 * Competitions panel comes from the competitions feature.
 * spec/1 §8: 'You are not logged …' goes to the preview; any other non-OK message is shown as
 * feedback; an empty chapter list while the course has chapters means none is in this language.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Grid, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { NotBuilt } from '@/components/not-built';
import { useFeedback } from '@/components/feedback/feedback';
import { courseCrumbs, useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { isCoursePage, NOT_LOGGED_PREFIX, useCourseChapters } from '../api/course';
import { ChapterGrid } from './chapter-grid';
import { CourseSidebar } from './course-sidebar';
import { PageHeading } from '@/components/layout/page-heading';

export const COURSE_TABS = ['chapters', 'revisions', 'competitions', 'duels', 'quizzes'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];

const isCourseTab = (value: string | null): value is CourseTab => (COURSE_TABS as readonly string[]).includes(value ?? '');

export interface CourseContentPageProps {
  /** The Competitions tab's panel (the competitions feature; composed in app/routes/course-content.tsx). */
  competitionsTab: (courseId: number) => ReactNode;
  /** The Revisions tab's panel (the revisions feature); the "not built" panel when absent. */
  revisionsTab?: (courseId: number) => ReactNode;
  /** The caller has the course on their teacher dashboard (the teaching feature), so the teacher box shows without a grant. */
  teachesCourse?: boolean;
}

export function CourseContentPage({ competitionsTab, revisionsTab, teachesCourse = false }: CourseContentPageProps) {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const feedback = useFeedback();
  const query = useCourseChapters(courseId);
  const data = query.data;
  const page = data && isCoursePage(data) ? data : null;
  const refusal = data && !page ? data.message : null;
  const tabParam = search.get('tab');
  const tab: CourseTab = isCourseTab(tabParam) ? tabParam : 'chapters';

  useBreadcrumbs(page ? [...courseCrumbs(page, false)] : [{ label: '' }]);

  const showRefusal = refusal !== null && !refusal.startsWith(NOT_LOGGED_PREFIX);
  useEffect(() => {
    if (showRefusal) feedback.show(refusal);
  }, [showRefusal, refusal, feedback]);

  const gate = pageGate(query);
  if (gate) return gate;
  if (refusal?.startsWith(NOT_LOGGED_PREFIX)) return <Navigate to={pathTo('course_preview', { id: courseId })} replace />;
  if (!page) return null;

  const empty = page.chapter_list.length === 0;
  const panelId = (name: CourseTab) => `course-tabpanel-${name}`;
  const tabId = (name: CourseTab) => `course-tab-${name}`;

  return (
    <>
      <PageHeading title={page.course.name} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8, lg: 9 }}>
          <Tabs
            value={tab}
            onChange={(_event, value: CourseTab) => setSearch(value === 'chapters' ? {} : { tab: value }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('coursePage.tabs.label')}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {COURSE_TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(`coursePage.tabs.${name}`)}
                id={tabId(name)}
                aria-controls={panelId(name)}
                data-testid={`tab-${name}`}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
            {tab === 'chapters' &&
              (empty ? (
                <Alert severity={page.chapters_count > 0 ? 'warning' : 'info'} data-testid="empty-course">
                  {page.chapters_count > 0 ? t('coursePage.chapters.emptyLanguage') : t('coursePage.chapters.noChapters')}
                </Alert>
              ) : (
                <ChapterGrid chapters={page.chapter_list} colour={page.course.color} />
              ))}
            {tab === 'competitions' && competitionsTab(courseId)}
            {tab === 'revisions' && revisionsTab?.(courseId)}
            {((tab === 'revisions' && !revisionsTab) || tab === 'duels' || tab === 'quizzes') && (
              <NotBuilt variant="panel" routeName={`course_content.${tab}`} title={t(`coursePage.tabs.${tab}`)} />
            )}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 4, lg: 3 }}>
          <CourseSidebar courseId={courseId} score={page.detail_score} teaches={teachesCourse} />
        </Grid>
      </Grid>
    </>
  );
}
