/**
 * Admin task viewer (spec/2 §2.8): /show_content/{id} and /show_solutions/{id}. The task in a chosen
 * language as the learner sees it, with Show help, Show answer and Check; the check runs the same
 * pure rules as the server (shared/src/rules/scoring.ts) on the full content, which only an
 * author may read.
 */
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LanguageSelect } from '@/components/form/language-select';
import { useTranslation } from 'react-i18next';
import { learnerContent, solutionOf, NO_EDIT_PERMISSION, isEssayType } from '@lectio/shared';
import { api } from '@/lib/api-client';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { QuestionView, type AnswerMark } from '@/components/tasks/question-view';
import { ProgramViewer } from './program-viewer';
import { HtmlViewer } from './html-viewer';
import { NotebookViewer } from './notebook-viewer';
import { EssayViewer } from './essay-viewer';
import { checkLocally } from './check-locally';
import { CheckViewerFrame } from './check-viewer-frame';
import { answerListOf, initialAnswer, itemCount, parseView, shuffled, type AnswerState } from '@/components/tasks/answers';
import { pathTo } from '@/lib/paths';

function Preview({ type, content, globals, solutionsFirst, onClose }: { type: number; content: string; globals: string; solutionsFirst: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  const view = useMemo(() => {
    try {
      return parseView(type, learnerContent({ type, content, seed, helpEarned: true }));
    } catch {
      return null;
    }
  }, [type, content, seed]);
  const [displayOrder] = useState(() => shuffled(Array.from({ length: view ? itemCount(type, view) : 0 }, (_, i) => i)));
  const [answer, setAnswer] = useState<AnswerState | null>(() => (view ? initialAnswer(type, view, displayOrder) : null));
  const [marks, setMarks] = useState<AnswerMark[] | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  if (!view) return <Alert severity="error">{t('taskViewer.notTranslated')}</Alert>;

  const check = () => {
    if (!answer) return;
    const result = checkLocally(type, content, globals, seed, answerListOf(answer));
    setMarks(result.answers);
    setRating(result.rating);
  };
  let ratings: number[] = [];
  try {
    ratings = (JSON.parse(globals || '{}') as { ratings?: number[] }).ratings ?? [];
  } catch {
    ratings = [];
  }
  const question = type >= 2 && type <= 7;

  return (
    <CheckViewerFrame
      checkable={question}
      onCheck={check}
      onClose={onClose}
      rating={rating}
      help={view.help ?? ''}
      solutions={() => solutionOf(type, content, ratings)}
      solutionsFirst={solutionsFirst}
    >
      <QuestionView type={type} view={view} displayOrder={displayOrder} answer={answer} onAnswer={setAnswer} marks={marks} />
    </CheckViewerFrame>
  );
}

export function TaskViewerPage() {
  const { t } = useTranslation();
  const taskId = Number(useParams().id);
  const solutionsFirst = useLocation().pathname.startsWith('/show_solutions');
  const navigate = useNavigate();
  const [lang, setLang] = useState(1);
  const query = useQuery({ queryKey: ['authoring', 'task-view', taskId, lang], queryFn: () => api('getTask', { params: { id: taskId }, body: { lang_id: lang } }), meta: { handlesErrors: true } });
  const element = query.data?.element_list[0];
  useBreadcrumbs(
    query.data
      ? [
          { label: query.data.brc.course.name, to: pathTo('course_admin_content', { id: query.data.brc.course.id }) },
          { label: query.data.brc.lesson.name, to: pathTo('task_list', { id: query.data.brc.lesson.id }) },
          { label: t('taskViewer.title') },
        ]
      : [{ label: t('taskViewer.title') }],
  );
  if (query.isPending) return <PageSpinner />;
  if (query.isError || !element) return <Alert severity="error" data-testid="access-denied">{NO_EDIT_PERMISSION}</Alert>;
  // The viewers carry Close in their left bar; the screens without one get it below.
  const essay = isEssayType(element.task_type_id);
  const viewer = (element.task_type_id <= 15 || essay) && element.content !== '';
  const close = () => void navigate(pathTo('lesson_admin_content', { id: query.data.brc.lesson.id }));
  return (
    <>
      <PageHeading
        title={t('taskViewer.title')}
        subtitle={
          // Notebooks (12-15) are named by the notebook editor's texts (they were shown as 'Type 11 HTML/CSS').
          element.task_type_id >= 12 && element.task_type_id <= 15
            ? t(`notebook.types.t${element.task_type_id}` as 'notebook.types.t12')
            : t(`taskEditor.types.t${essay ? element.task_type_id : Math.min(element.task_type_id, 11)}` as 'taskEditor.types.t1')
        }
        action={
          <LanguageSelect label={t('taskViewer.language')} value={lang} onChange={setLang} testId="viewer-lang" sx={{ minWidth: 180 }} />
        }
      />
      {essay && element.content !== '' ? (
        <EssayViewer key={`${taskId}-${lang}`} type={element.task_type_id as 16 | 17} content={element.content} onClose={close} />
      ) : element.task_type_id > 11 && !essay ? (
        element.task_type_id <= 15 && element.content !== '' ? (
          <NotebookViewer
            key={`${taskId}-${lang}`}
            type={element.task_type_id}
            content={element.content}
            globals={element.globals}
            solutionsFirst={solutionsFirst}
            onClose={close}
          />
        ) : (
          <Alert severity="info">{t('taskViewer.otherTypes')}</Alert>
        )
      ) : element.content === '' ? (
        <Alert severity="info">{t('taskViewer.notTranslated')}</Alert>
      ) : element.task_type_id === 11 ? (
        <HtmlViewer key={`${taskId}-${lang}`} content={element.content} solutionsFirst={solutionsFirst} onClose={close} />
      ) : element.task_type_id >= 8 ? (
        <ProgramViewer key={`${taskId}-${lang}`} taskId={taskId} courseId={query.data.brc.course.id} type={element.task_type_id} content={element.content} globals={element.globals} solutionsFirst={solutionsFirst} onClose={close} />
      ) : element.content === '' ? (
        <Alert severity="info">{t('taskViewer.notTranslated')}</Alert>
      ) : (
        <Preview key={`${taskId}-${lang}`} type={element.task_type_id} content={element.content} globals={element.globals} solutionsFirst={solutionsFirst} onClose={close} />
      )}
      {!viewer && (
        <Box sx={{ mt: 2 }}>
          <Button onClick={close} data-testid="viewer-close">
            {t('common.close')}
          </Button>
        </Box>
      )}
    </>
  );
}
