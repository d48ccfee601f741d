/** One saved essay or GenAI answer, read-only (the teacher's review, the learner's attempts list). */
import { Box } from '@mui/material';
import { SafeHtml } from '@/components/safe-html';
import { GenaiExchanges, essayHtmlOf, exchangesOf } from './genai-exchanges';

export function EssayAnswerView({ type, answers }: { type: number; answers: string }) {
  if (type === 17) return <GenaiExchanges value={exchangesOf(answers)} readOnly />;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="essay-answer">
      <SafeHtml html={essayHtmlOf(answers)} />
    </Box>
  );
}
