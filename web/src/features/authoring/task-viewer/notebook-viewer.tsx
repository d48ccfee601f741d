/**
 * The admin viewer of notebook tasks 12-15 (spec/2 §2.8: "types 12 to 17 as notebook-style preview
 * types"; issue 25): the cells as the learner sees them and the left bar of every viewer — for 13-15 Show
 * help, Show answer (the accepted answers with their feedback) and Check (the answer part, options in a
 * learner's order, checked locally with the server's rules), and Close.
 */
import { useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { learnerContent, notebookGlobals, solutionOf } from '@lectio/shared';
import { NotebookAnswerFields, NotebookView, emptyNotebookAnswer, notebookAnswerList, parseNotebookView } from '@/components/notebook';
import { checkLocally } from './check-locally';
import { CheckViewerFrame } from './check-viewer-frame';

interface NotebookViewerProps {
  type: number;
  content: string;
  globals: string;
  solutionsFirst: boolean;
  onClose: () => void;
}

export function NotebookViewer({ type, content, globals, solutionsFirst, onClose }: NotebookViewerProps) {
  const { t } = useTranslation();
  const quiz = type >= 13 && type <= 15;
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  const view = useMemo(() => {
    try {
      return parseNotebookView(learnerContent({ type, content, seed, helpEarned: true }));
    } catch {
      return parseNotebookView('');
    }
  }, [type, content, seed]);
  const solutions = useMemo(() => {
    if (!quiz) return [];
    try {
      return solutionOf(type, content, notebookGlobals.parse(JSON.parse(globals || '{}')).ratings);
    } catch {
      return [];
    }
  }, [quiz, type, content, globals]);
  const [answer, setAnswer] = useState(emptyNotebookAnswer);
  const [rating, setRating] = useState<number | null>(null);
  const check = () => setRating(checkLocally(type, content, globals, seed, JSON.stringify(notebookAnswerList(type, answer))).rating);

  return (
    <CheckViewerFrame
      checkable={quiz}
      onCheck={check}
      onClose={onClose}
      rating={rating}
      help={view.help}
      solutions={() => solutions}
      solutionsFirst={solutionsFirst}
      testId="notebook-viewer"
    >
      <NotebookView cells={view.cells} />
      {quiz && (
        <Box component="section" aria-label={t('notebook.yourAnswer')} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('notebook.yourAnswer')}
          </Typography>
          <NotebookAnswerFields type={type} options={view.answer_list} value={answer} onChange={setAnswer} />
        </Box>
      )}
    </CheckViewerFrame>
  );
}
