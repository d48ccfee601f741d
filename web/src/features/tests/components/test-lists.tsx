/**
 * /cognitive_tests and /personalisation_tests: every test with its description, the caller's
 * attempts (start time and score) and a link to its page.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { usePersonTests, usePsychoTests } from '../api/tests';
import { AttemptsTable, type AttemptRow } from './attempts-table';

interface ListedTest {
  id: number;
  test_name: string;
  test_type: number | string;
  info: Array<{ description?: string }>;
  attempts: AttemptRow[];
}

/** One list page: heading with the link to the other list, then a card per test. */
function TestList<T extends ListedTest>(props: {
  title: string;
  subtitle: string;
  other: { to: string; label: string; testId: string };
  pending: boolean;
  tests: T[];
  /** The card's heading line (name, and what else the kind shows). */
  heading: (test: T) => ReactNode;
  /** Between the description and the attempts. */
  beforeAttempts?: (test: T) => ReactNode;
  openTo: (test: T) => string;
}) {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: props.title }]);
  if (props.pending) return <PageSpinner />;
  return (
    <>
      <PageHeading
        title={props.title}
        subtitle={props.subtitle}
        action={
          <Button component={RouterLink} to={props.other.to} variant="outlined" data-testid={props.other.testId}>
            {props.other.label}
          </Button>
        }
      />
      <Stack spacing={3}>
        {props.tests.map((test) => (
          <Card key={test.id} variant="outlined" data-testid="test-card" data-type={test.test_type}>
            <CardContent>
              {props.heading(test)}
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {test.info[0]?.description}
              </Typography>
              {props.beforeAttempts?.(test)}
              <AttemptsTable attempts={test.attempts.slice(0, 5)} />
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={props.openTo(test)} variant="contained" data-testid="test-open">
                {t('tests.open', { name: test.test_name })}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    </>
  );
}

export function CognitiveTestsPage() {
  const { t } = useTranslation();
  const query = usePsychoTests();
  return (
    <TestList
      title={t('tests.cognitive.title')}
      subtitle={t('tests.cognitive.subtitle')}
      other={{ to: pathTo('personalisation_tests'), label: t('tests.personalisation.title'), testId: 'to-personalisation-tests' }}
      pending={query.isPending}
      tests={query.data?.tests ?? []}
      heading={(test) => (
        <Typography variant="h5" component="h2" gutterBottom>
          {test.test_name}
        </Typography>
      )}
      beforeAttempts={(test) => (
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('tests.attempts.count', { count: test.test_count })}
        </Typography>
      )}
      openTo={(test) => pathTo('cognitive_test', { id: test.id })}
    />
  );
}

export function PersonalisationTestsPage() {
  const { t } = useTranslation();
  const query = usePersonTests();
  return (
    <TestList
      title={t('tests.personalisation.title')}
      subtitle={t('tests.personalisation.subtitle')}
      other={{ to: pathTo('cognitive_tests'), label: t('tests.cognitive.title'), testId: 'to-cognitive-tests' }}
      pending={query.isPending}
      tests={query.data?.tests ?? []}
      heading={(test) => (
        <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography variant="h5" component="h2">
            {test.test_name}
          </Typography>
          <Chip size="small" label={t('tests.personalisation.used', { count: test.test_count, rpt: test.rpt })} data-testid="test-count" />
        </Stack>
      )}
      openTo={(test) => pathTo('personalisation_test', { id: test.id })}
    />
  );
}
