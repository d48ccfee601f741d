/**
 * /myquestionnaire/{id} (spec/3 §2, §4 "Questionnaire for student"): the student answers a
 * questionnaire page by page; every answer is saved as they go (a reload keeps them and the page, in
 * the address's ?page=). Submit finishes it (once); a finished questionnaire is read-only. A failed
 * save or submit shows the server's description (§5, §8: message 'Error').
 */
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { QuestionAnswer } from '@lectio/shared/api/questionnaires';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { pageGate } from '@/components/not-found/page-gate';
import { useFeedback } from '@/components/feedback/feedback';
import { pathTo } from '@/lib/paths';
import { useErrorText } from '@/lib/server-error-text';
import { useMyQuestionnaire, useSaveAnswer, useSubmitQuestionnaire, type MyQuestionnaireData } from '../api/questionnaires';
import { readAnswer } from '../lib/content';
import { useConfirm } from '../lib/confirm';
import { QuestionView } from './question-view';

export function MyQuestionnairePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useMyQuestionnaire(id);
  useBreadcrumbs([{ label: t('questionnaires.mine.title'), to: pathTo('myquestionnaires') }, { label: query.data?.title ?? '' }]);
  const gate = pageGate(query);
  if (gate) return gate;
  return <Answering key={query.data!.uid} data={query.data!} />;
}

function Answering({ data }: { data: MyQuestionnaireData }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const errorText = useErrorText();
  const confirm = useConfirm();
  const save = useSaveAnswer();
  const submit = useSubmitQuestionnaire();
  const [search, setSearch] = useSearchParams();
  const [answers, setAnswers] = useState<Record<number, QuestionAnswer>>(() => Object.fromEntries(data.questions.map((q) => [q.id, readAnswer(q.answer)])));
  const pages = useMemo(() => [...new Set(data.questions.map((q) => q.page))].sort((a, b) => a - b), [data.questions]);
  const finished = data.q_status === 'finished';
  const index = Math.min(Math.max(Number(search.get('page') ?? 1) - 1, 0), Math.max(pages.length - 1, 0));
  const shown = data.questions.filter((q) => q.page === pages[index]).sort((a, b) => a.q_order - b.q_order);
  const goTo = (i: number) => {
    setSearch({ page: String(i + 1) }, { replace: true });
    window.scrollTo({ top: 0 });
  };

  const onAnswer = (questionId: number, answer: QuestionAnswer) => {
    setAnswers((all) => ({ ...all, [questionId]: answer }));
    save.mutate({ u_id: data.uid, q_id: questionId, answer: JSON.stringify(answer) }, { onError: (error) => feedback.show(errorText(error)) });
  };

  const onSubmit = async () => {
    if (!(await confirm(t('questionnaires.answer.confirmSubmit'), t('questionnaires.answer.submit')))) return;
    submit.mutate(data.uid, {
      onSuccess: (result) => feedback.show(t('questionnaires.answer.submitted', { score: result.score }), 'success'),
      onError: (error) => feedback.show(errorText(error)),
    });
  };

  return (
    <>
      <PageHeading
        title={data.title}
        subtitle={data.course}
        action={<Chip color={finished ? 'success' : 'default'} label={t(`questionnaires.status.${data.q_status}`)} data-testid="questionnaire-status" />}
      />
      {finished && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="questionnaire-finished">
          {t('questionnaires.answer.readOnly', { score: data.score })}
        </Alert>
      )}
      {pages.length > 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="questionnaire-page">
          {t('questionnaires.answer.pageOf', { page: index + 1, pages: pages.length })}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2} divider={<Divider flexItem />}>
          {shown.map((q) => (
            <Box key={q.id} data-testid={`question-${q.q_type}`}>
              <QuestionView qType={q.q_type} content={q.content} answer={answers[q.id] ?? {}} readOnly={finished} onAnswer={(a) => onAnswer(q.id, a)} testId={`answer-${q.q_type}`} />
            </Box>
          ))}
        </Stack>
      </Paper>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="outlined" disabled={index === 0} onClick={() => goTo(index - 1)} data-testid="questionnaire-previous">
          {t('questionnaires.answer.previous')}
        </Button>
        {index < pages.length - 1 && (
          <Button variant="outlined" onClick={() => goTo(index + 1)} data-testid="questionnaire-next">
            {t('questionnaires.answer.next')}
          </Button>
        )}
        {!finished && index === pages.length - 1 && (
          <Button variant="contained" onClick={() => void onSubmit()} disabled={submit.isPending} data-testid="questionnaire-submit">
            {t('questionnaires.answer.submit')}
          </Button>
        )}
      </Stack>
    </>
  );
}
