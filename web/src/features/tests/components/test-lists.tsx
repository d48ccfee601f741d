/**
 * /cognitive_tests and /personalisation_tests: every test with its description, the caller's
 * attempts (start time and score) and a link to its page.
 */
import { Link as RouterLink } from 'react-router';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { usePersonTests, usePsychoTests } from '../api/tests';
import { AttemptsTable } from './attempts-table';

export function CognitiveTestsPage() {
  const { t } = useTranslation();
  const query = usePsychoTests();
  useBreadcrumbs([{ label: t('tests.cognitive.title') }]);
  if (query.isPending) return <PageSpinner />;
  return (
    <>
      <PageHeading
        title={t('tests.cognitive.title')}
        subtitle={t('tests.cognitive.subtitle')}
        action={
          <Button component={RouterLink} to={pathTo('personalisation_tests')} variant="outlined" data-testid="to-personalisation-tests">
            {t('tests.personalisation.title')}
          </Button>
        }
      />
      <Stack spacing={3}>
        {(query.data?.tests ?? []).map((test) => (
          <Card key={test.id} variant="outlined" data-testid="test-card" data-type={test.test_type}>
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                {test.test_name}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {test.info[0]?.description}
              </Typography>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('tests.attempts.count', { count: test.test_count })}
              </Typography>
              <AttemptsTable attempts={test.attempts.slice(0, 5)} />
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={pathTo('cognitive_test', { id: test.id })} variant="contained" data-testid="test-open">
                {t('tests.open', { name: test.test_name })}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    </>
  );
}

export function PersonalisationTestsPage() {
  const { t } = useTranslation();
  const query = usePersonTests();
  useBreadcrumbs([{ label: t('tests.personalisation.title') }]);
  if (query.isPending) return <PageSpinner />;
  return (
    <>
      <PageHeading
        title={t('tests.personalisation.title')}
        subtitle={t('tests.personalisation.subtitle')}
        action={
          <Button component={RouterLink} to={pathTo('cognitive_tests')} variant="outlined" data-testid="to-cognitive-tests">
            {t('tests.cognitive.title')}
          </Button>
        }
      />
      <Stack spacing={3}>
        {(query.data?.tests ?? []).map((test) => (
          <Card key={test.id} variant="outlined" data-testid="test-card" data-type={test.test_type}>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
                <Typography variant="h5" component="h2">
                  {test.test_name}
                </Typography>
                <Chip size="small" label={t('tests.personalisation.used', { count: test.test_count, rpt: test.rpt })} data-testid="test-count" />
              </Stack>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {test.info[0]?.description}
              </Typography>
              <AttemptsTable attempts={test.attempts.slice(0, 5)} />
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={pathTo('personalisation_test', { id: test.id })} variant="contained" data-testid="test-open">
                {t('tests.open', { name: test.test_name })}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    </>
  );
}
