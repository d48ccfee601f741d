/**
 * /dashboard (spec/1 §2): a welcome with the user's performance, the collapsible Messages panel,
 * and the student's course cards — or, for admins, the category cards. The messages feature renders
 * the panel and the catalogue feature the category cards (composed in app/routes/dashboard.tsx so
 * the features stay apart).
 */
import { useDeferredValue, type ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Toll from '@mui/icons-material/Toll';
import TrendingUp from '@mui/icons-material/TrendingUp';
import { useTranslation } from 'react-i18next';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { useSession } from '@/lib/auth';
import { useDashboard, type DashboardMessage } from '../api/dashboard';
import { MyCourses } from './my-courses';
import { numberFormat } from '@/lib/number-format';

function Stat({ icon, label, value, testId }: { icon: React.ReactNode; label: string; value: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" data-testid={testId}>
            {value}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

export interface DashboardPageProps {
  /** The Messages panel for the dashboard's message list. */
  messagesPanel: (messages: DashboardMessage[]) => ReactNode;
  /** The category cards shown to administrators. */
  adminCategories?: ReactNode;
}

export function DashboardPage({ messagesPanel, adminCategories }: DashboardPageProps) {
  const { t, i18n } = useTranslation();
  const { user, isAdmin } = useSession();
  const dashboard = useDashboard();
  // The message panel and the course cards render with the answer in a deferred (interruptible) render:
  // the answer's own update is synchronous, and on a phone it was one long task (issue 20 item 22).
  const data = useDeferredValue(dashboard.data);
  // The welcome (the page's largest text) is committed and painted first; the sections below follow in a
  // deferred render right after it (React's initial value): the first commit on a phone is the smaller.
  const below = useDeferredValue(true, false);
  useBreadcrumbs([], 'dashboard');
  if (!user) return null;
  const number = numberFormat(i18n.language);
  const fullName = `${user.name} ${user.surname}`.trim();
  const displayName = user.nickname || fullName || user.email;
  const { xp, coins, level, badges } = user.performance;

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1" data-testid="dashboard-welcome">
          {t('dashboard.welcome', { name: displayName })}
        </Typography>
        {fullName && fullName !== displayName && (
          <Typography color="text.secondary" data-testid="dashboard-full-name">
            {fullName}
          </Typography>
        )}
      </Box>

      {below && (
        <>
          <Box component="section" aria-labelledby="performance-heading">
            <Typography id="performance-heading" variant="h6" component="h2" gutterBottom>
              {t('dashboard.performance')}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Stat
                  icon={<EmojiEvents fontSize="large" />}
                  label={t('dashboard.xp')}
                  value={number.format(xp)}
                  testId="dashboard-xp"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Stat
                  icon={<Toll fontSize="large" />}
                  label={t('dashboard.coins')}
                  value={number.format(coins)}
                  testId="dashboard-coins"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Stat
                  icon={<TrendingUp fontSize="large" />}
                  label={t('dashboard.level')}
                  value={String(level)}
                  testId="dashboard-level"
                />
              </Grid>
            </Grid>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
              <MilitaryTech color="action" aria-hidden />
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.badges')}:
              </Typography>
              {badges.length === 0 ? (
                <Typography variant="body2">{t('dashboard.noBadges')}</Typography>
              ) : (
                badges.map((badge) => <Chip key={badge} label={badge} size="small" />)
              )}
            </Stack>
          </Box>

          {dashboard.isPending || (dashboard.data && !data) ? <PageSpinner /> : data && messagesPanel(data.message_list)}

          <Box
            component="section"
            aria-labelledby="courses-heading"
            data-testid={isAdmin ? 'dashboard-categories' : 'dashboard-courses'}
          >
            <Typography id="courses-heading" variant="h6" component="h2" gutterBottom>
              {isAdmin ? t('dashboard.categories') : t('dashboard.courses')}
            </Typography>
            {isAdmin ? adminCategories : data && <MyCourses courses={data.list} />}
          </Box>
        </>
      )}
    </Stack>
  );
}
