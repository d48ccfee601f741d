/**
 * /courses/{id} (id is the area): the area's courses. Students see their progress and open the
 * preview of a new course (status null) or the course page; admins open the course's admin content.
 */
import { useParams } from 'react-router';
import { Alert, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AdminAddButton } from '@/components/editing/admin-add-button';
import { progressPercent } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { CardGrid, CardGridItem } from '@/components/cards/card-grid';
import { ColourCard } from '@/components/cards/colour-card';
import { ProgressLine } from '@/components/cards/progress-line';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { useSession } from '@/lib/auth';
import { useCatalogueAdmin } from '../api/admin-list-actions';
import { useAreaCourses } from '../api/lists';
import { neighbourSwap } from '@/components/editing/reorder';
import { AdminCardActions } from '@/components/editing/admin-card-actions';
import { CountChips } from './count-chips';
import { PageHeading } from '@/components/layout/page-heading';

/** Where a course card leads (spec/1 §6). */
export function courseTarget(courseId: number, status: string | null, admin: boolean): string {
  if (admin) return pathTo('course_admin_content', { id: courseId });
  return status === null ? pathTo('course_preview', { id: courseId }) : pathTo('course_content', { id: courseId });
}

export function CoursesPage() {
  const { t } = useTranslation();
  const areaId = Number(useParams().id);
  const { isAdmin } = useSession();
  const query = useAreaCourses(areaId, isAdmin);
  const admin = useCatalogueAdmin('course');
  const data = query.data;
  useBreadcrumbs(
    data
      ? [{ label: data.category.name, to: pathTo('areas', { id: data.category.id }) }, { label: data.area.name }]
      : [{ label: '' }],
  );

  const gate = pageGate(query);
  if (gate || !data) return gate;
  const { list, area, category } = data;
  const ordered = list.map((c) => ({ id: c.id, order: c.course_order }));

  return (
    <>
      <PageHeading
        title={area.name}
        subtitle={t('catalogue.courses.subtitle')}
        action={
          <AdminAddButton
            to={pathTo('admin_course', { category_id: category.id, area_id: areaId, id: 0 })}
            label={t('catalogue.courses.add')}
            testId="add-course"
          />
        }
      />
      {list.length === 0 ? (
        <Alert severity="info">{t('catalogue.courses.empty')}</Alert>
      ) : (
        <CardGrid label={t('catalogue.courses.title', { name: area.name })} testId="course-grid">
          {list.map((course, index) => {
            const isNew = course.course_status === null;
            return (
              <CardGridItem key={course.id} testId="course-card">
                <ColourCard
                  colour={area.color}
                  title={course.title}
                  to={courseTarget(course.id, course.course_status, isAdmin)}
                  badge={
                    !isAdmin && (
                      <Chip
                        size="small"
                        color={isNew ? 'primary' : 'default'}
                        label={isNew ? t('catalogue.courses.statusNew') : t('catalogue.courses.statusStarted')}
                      />
                    )
                  }
                  actions={
                    isAdmin && (
                      <AdminCardActions
                        name={course.title}
                        editTo={pathTo('admin_course', { category_id: category.id, area_id: areaId, id: course.id })}
                        index={index}
                        count={list.length}
                        busy={admin.busy}
                        onDelete={() => void admin.confirmDelete(course.id, course.title)}
                        onMove={(direction) => {
                          const pair = neighbourSwap(ordered, index, direction);
                          if (pair) admin.swap(pair);
                        }}
                      />
                    )
                  }
                >
                  {course.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                      {course.description}
                    </Typography>
                  )}
                  {isAdmin || isNew ? (
                    <CountChips
                      items={[
                        { key: 'content', label: t('catalogue.counts.content', { count: course.content_all }) },
                        { key: 'tasks', label: t('catalogue.counts.tasks', { count: course.task_all }) },
                        { key: 'programs', label: t('catalogue.counts.programs', { count: course.program_all }) },
                      ]}
                    />
                  ) : (
                    <>
                      <ProgressLine
                        label={t('catalogue.progress.tasks')}
                        value={`${course.task_finished}/${course.task_all}`}
                        percent={progressPercent(course.task_finished, course.task_all)}
                      />
                      <ProgressLine
                        label={t('catalogue.progress.programs')}
                        value={`${course.program_finished}/${course.program_all}`}
                        percent={progressPercent(course.program_finished, course.program_all)}
                      />
                    </>
                  )}
                </ColourCard>
              </CardGridItem>
            );
          })}
        </CardGrid>
      )}
    </>
  );
}
