/**
 * /personalisation_test/{id}: loads the test by id, shows its name, sets the breadcrumbs
 * (Personalisation tests, then the test), lists the attempts and offers Start only while
 * test_count < rpt. The questionnaire's answers are saved as they are given; the result shows the
 * server's scales. Close returns to the list.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PersonTestType } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { usePersonTestInfo, usePersonTestStatus, useSavePersonAnswer, type PersonTestInfo } from '../api/tests';
import { AttemptsTable } from './attempts-table';
import { Questionnaire, useDebounced, type Answers } from './questionnaire';
import { parseScales, ScalesResult } from './scales-result';

const RadarResult = lazy(() => import('./radar-result'));

export function TestResult({ type, rslt, info }: { type: PersonTestType; rslt: string; info: PersonTestInfo }) {
  const scales = parseScales(rslt);
  const names = info.instrument.scale_names;
  return (
    <Stack spacing={2} data-testid="test-result">
      {type === 'challenging' && (
        <Suspense fallback={<PageSpinner />}>
          <RadarResult scales={scales} names={names} max={info.max_score} />
        </Suspense>
      )}
      <ScalesResult type={type} scales={scales} names={names} />
    </Stack>
  );
}

type Phase = { kind: 'overview' } | { kind: 'running'; answerId: Promise<number>; started: number } | { kind: 'result'; rslt: string };

export function PersonalisationTestPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const info = usePersonTestInfo(id);
  const status = usePersonTestStatus(id);
  const save = useSavePersonAnswer();
  const [phase, setPhase] = useState<Phase>({ kind: 'overview' });
  const [error, setError] = useState('');
  const test = info.data;
  useBreadcrumbs([{ label: t('tests.personalisation.title'), to: pathTo('personalisation_tests') }, { label: test?.test_name ?? '' }]);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const saveProgress = useDebounced(({ answers, agreement }: { answers: Answers; agreement: 0 | 1 }) => {
    const current = phaseRef.current;
    if (current.kind !== 'running') return;
    void current.answerId.then((answerId) =>
      save.mutateAsync({ id: answerId, test_id: id, answers, final: 0, agreement, time_length: elapsed(current.started) }),
    );
  });

  if (info.isPending || status.isPending) return <PageSpinner />;
  if (!test || !status.data) return <Alert severity="error">{t('tests.notFound')}</Alert>;
  const { test_count: count, rpt, attempts } = status.data;
  const close = () => navigate(pathTo('personalisation_tests'));
  const latest = attempts.find((a) => a.final === 1);

  const start = () => {
    setError('');
    const answerId = save.mutateAsync({ id: 0, test_id: id, answers: {}, final: 0, agreement: 0, time_length: 0 }).then((r) => r.answer_id);
    answerId.catch(() => setPhase({ kind: 'overview' }));
    setPhase({ kind: 'running', answerId, started: Date.now() });
  };

  const submit = async (answers: Answers, agreement: 0 | 1) => {
    if (phase.kind !== 'running') return;
    const answerId = await phase.answerId;
    const saved = await save.mutateAsync({ id: answerId, test_id: id, answers, final: 1, agreement, time_length: elapsed(phase.started) });
    setPhase({ kind: 'result', rslt: saved.rslt });
    window.scrollTo(0, 0);
  };

  return (
    <>
      <PageHeading title={test.test_name} subtitle={t('tests.personalisation.used', { count, rpt })} />
      <Typography sx={{ mb: 3, maxWidth: '75ch' }}>{test.description}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {phase.kind === 'running' ? (
        <Questionnaire
          info={test}
          submitting={save.isPending}
          onChange={(answers, agreement) => saveProgress({ answers, agreement })}
          onSubmit={(answers, agreement) => void submit(answers, agreement).catch((e: Error) => setError(e.message))}
        />
      ) : (
        <Stack spacing={3}>
          {phase.kind === 'result' && (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography variant="h5" component="h2" gutterBottom>
                {t('tests.result.title')}
              </Typography>
              <TestResult type={test.test_type} rslt={phase.rslt} info={test} />
            </Paper>
          )}
          {phase.kind === 'overview' && latest && (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography variant="h5" component="h2" gutterBottom>
                {t('tests.result.latest')}
              </Typography>
              <TestResult type={test.test_type} rslt={latest.rslt} info={test} />
            </Paper>
          )}
          <Stack direction="row" spacing={2}>
            {count < rpt ? (
              <Button variant="contained" onClick={start} data-testid="test-start">
                {t('tests.run.start')}
              </Button>
            ) : (
              <Alert severity="info" data-testid="no-more-attempts">
                {t('tests.personalisation.noMore', { rpt })}
              </Alert>
            )}
            <Button variant="outlined" onClick={close} data-testid="test-close">
              {t('tests.close')}
            </Button>
          </Stack>
          <Box>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('tests.attempts.title')}
            </Typography>
            <AttemptsTable attempts={attempts} summary={(a) => summary(a.rslt ?? '', test)} />
          </Box>
        </Stack>
      )}
    </>
  );
}

const elapsed = (started: number) => Math.round((Date.now() - started) / 1000);

const summary = (rslt: string, test: PersonTestInfo) =>
  Object.entries(parseScales(rslt))
    .filter(([code]) => code !== 'ATT')
    .map(([code, value]) => `${test.instrument.scale_names[code] ?? code} ${value}`)
    .join(', ');
