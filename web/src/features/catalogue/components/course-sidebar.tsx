/**
 * The course page's sidebar (spec/1 §2, §6): the course summary from detail_score with a settings
 * icon, the Admin dashboard (edit permission) and the Teacher dashboard (teacher flag).
 */
import { Link as RouterLink } from 'react-router';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import { progressPercent } from '@lectio/shared';
import { pathTo, type AppRouteName } from '@/lib/paths';
import { isBuilt } from '@/lib/screens-built';
import { ProgressLine } from '@/components/cards/progress-line';
import { useCourseData, type DetailScore } from '../api/course';
import { numberFormat } from '@/lib/number-format';

/** Course-level roles that may edit content (spec/1 §6, spec/2 §6). */
export const EDIT_ROLES = [
  'admin',
  'system_content_creator',
  'course_content_creator',
  'course_content_translator',
  'chapter_content_creator',
  'chapter_content_translator',
] as const;

export const canEditCourse = (permissions: Array<{ role_code: string }>) =>
  permissions.some((p) => (EDIT_ROLES as readonly string[]).includes(p.role_code));

function DashboardBox({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const id = `${testId}-heading`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id} data-testid={testId}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1}>{children}</Stack>
    </Paper>
  );
}

function LinkButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      variant="outlined"
      size="small"
      data-testid={testId}
      sx={{ justifyContent: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

function Summary({ courseId, score }: { courseId: number; score: DetailScore }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const settings = t('coursePage.summary.settings');
  const lines = [
    { key: 'content', label: t('catalogue.progress.content'), done: score.content_passed, all: score.content_count },
    { key: 'tasks', label: t('catalogue.progress.tasks'), done: score.task_passed, all: score.task_count },
    { key: 'programs', label: t('catalogue.progress.programs'), done: score.program_passed, all: score.program_count },
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="course-summary-heading"
      data-testid="course-summary"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id="course-summary-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('coursePage.summary.title')}
        </Typography>
        {isBuilt('student_settings') && (
          <Tooltip title={settings}>
            <IconButton component={RouterLink} to={pathTo('student_settings', { id: courseId })} aria-label={settings} size="small">
              <SettingsOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {lines.map((line) => (
        <ProgressLine
          key={line.key}
          label={line.label}
          value={`${line.done}/${line.all}`}
          percent={progressPercent(line.done, line.all)}
          testId={`summary-${line.key}`}
        />
      ))}
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="summary-task-score">
        {t('coursePage.summary.taskScore', { score: number.format(score.score_task), max: number.format(score.max_score_task) })}
      </Typography>
      <Typography variant="body2" data-testid="summary-program-score">
        {t('coursePage.summary.programScore', {
          score: number.format(score.score_program),
          max: number.format(score.max_score_program),
        })}
      </Typography>
    </Paper>
  );
}

/**
 * `teaches`: the caller has the course on their teacher dashboard; any logged-in user may teach their
 * own groups of a course (issue 21 item 6), so the teacher box shows for them as for a teacher grant.
 */
export function CourseSidebar({ courseId, score, teaches = false }: { courseId: number; score: DetailScore; teaches?: boolean }) {
  const { t } = useTranslation();
  const data = useCourseData(courseId).data;
  const id = { id: courseId };
  // The teaching screens that exist (lib/screens-built.ts); the box shows only those.
  const allTeacherLinks: Array<{ route: AppRouteName; to: string; label: string; testId: string }> = [
    { route: 'teacher_chapters', to: pathTo('teacher_chapters', { course_id: courseId }), label: t('coursePage.teacherBox.chapters'), testId: 'teacher-chapters' },
    { route: 'revisions_teacher_revisions', to: pathTo('revisions_teacher_revisions', { course_id: courseId }), label: t('coursePage.teacherBox.revisions'), testId: 'teacher-revisions' },
    { route: 'teacher_quizzes', to: pathTo('teacher_quizzes', id), label: t('coursePage.teacherBox.quizzes'), testId: 'teacher-quizzes' },
    { route: 'teacher_groups', to: pathTo('teacher_groups', id), label: t('coursePage.teacherBox.groups'), testId: 'teacher-groups' },
    { route: 'teacher_competitions', to: pathTo('teacher_competitions', { course_id: courseId }), label: t('coursePage.teacherBox.competitions'), testId: 'teacher-competitions' },
  ];
  const teacherLinks = allTeacherLinks.filter((link) => isBuilt(link.route));
  return (
    <Stack spacing={2}>
      <Summary courseId={courseId} score={score} />
      {data && canEditCourse(data.permissions) && (
        <DashboardBox title={t('coursePage.adminBox.title')} testId="admin-dashboard-box">
          <LinkButton
            to={pathTo('course_admin_content', id)}
            label={t('coursePage.adminBox.editContent')}
            testId="admin-edit-content"
          />
          <LinkButton to={pathTo('course_teachers', id)} label={t('coursePage.adminBox.teachers')} testId="admin-teachers" />
        </DashboardBox>
      )}
      {(data?.teacherPermissions || teaches) && teacherLinks.length > 0 && (
        <DashboardBox title={t('coursePage.teacherBox.title')} testId="teacher-dashboard-box">
          {teacherLinks.map((link) => (
            <LinkButton key={link.testId} to={link.to} label={link.label} testId={link.testId} />
          ))}
        </DashboardBox>
      )}
    </Stack>
  );
}
