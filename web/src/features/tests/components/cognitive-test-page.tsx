/**
 * /cognitive_test/{id}: loads the test by id, shows its name, sets the breadcrumbs (Cognitive tests,
 * then the test) and hosts the test of its type; Close returns to the list.
 */
import { useNavigate, useParams } from 'react-router';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { usePsychoTestInfo, usePsychoTestStatus } from '../api/tests';
import { AttemptsTable } from './attempts-table';
import { NumberMemory } from './number-memory';
import { MackworthClock } from './mackworth-clock';
import { VigilanceReaction } from './vigilance-reaction';

const hosted = { number_memory: NumberMemory, mackworth: MackworthClock, vigilance: VigilanceReaction } as const;

export function CognitiveTestPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const info = usePsychoTestInfo(id);
  const status = usePsychoTestStatus(id);
  const test = info.data;
  useBreadcrumbs([{ label: t('tests.cognitive.title'), to: pathTo('cognitive_tests') }, { label: test?.test_name ?? '' }]);

  if (info.isPending) return <PageSpinner />;
  if (!test) return <Alert severity="error">{t('tests.notFound')}</Alert>;
  const Test = hosted[test.test_type];
  return (
    <>
      <PageHeading title={test.test_name} />
      <Typography sx={{ mb: 3, maxWidth: '75ch' }}>{test.description}</Typography>
      <Paper variant="outlined" sx={{ p: 3, mb: 4 }}>
        <Test testId={test.id} maxScore={test.max_score} onClose={() => navigate(pathTo('cognitive_tests'))} />
      </Paper>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('tests.attempts.title')}
        </Typography>
        <AttemptsTable attempts={status.data?.attempts ?? []} />
      </Box>
    </>
  );
}
