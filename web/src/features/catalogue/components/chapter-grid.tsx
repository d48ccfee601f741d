/**
 * The chapter grid of the course page (spec/1 §2, §4): reading, task and program progress bars and a
 * lock or open icon from the server's `active` flag. Locked chapters are not links; they say which
 * chapter to finish to unlock them.
 */
import { Box, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { useTranslation } from 'react-i18next';
import { progressPercent } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { CardGrid, CardGridItem } from '@/components/cards/card-grid';
import { ColourCard } from '@/components/cards/colour-card';
import { ProgressLine } from '@/components/cards/progress-line';
import type { ChapterCard } from '../api/course';
import { chapterToFinish } from '../lib/unlock-hint';

function Bar({ label, done, open }: { label: string; done: number; open: number }) {
  const { t } = useTranslation();
  const total = done + open;
  if (total === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('coursePage.chapters.none', { what: label })}
      </Typography>
    );
  }
  return <ProgressLine label={label} value={`${done}/${total}`} percent={progressPercent(done, total)} />;
}

export function ChapterGrid({ chapters, colour }: { chapters: ChapterCard[]; colour: string }) {
  const { t } = useTranslation();
  return (
    <CardGrid label={t('coursePage.tabs.chapters')} testId="chapter-grid" columns={{ xs: 1, sm: 2, lg: 3, xl: 4 }}>
      {chapters.map((chapter, index) => {
        const waitsFor = chapterToFinish(chapters, index);
        const state = chapter.active ? t('coursePage.chapters.open') : t('coursePage.chapters.locked');
        return (
          <CardGridItem key={chapter.chapter_id} testId="chapter-card">
            <ColourCard
              colour={colour}
              title={chapter.chapter_name}
              disabled={!chapter.active}
              testId={chapter.active ? 'chapter-open' : 'chapter-locked'}
              {...(chapter.active ? { to: pathTo('chapter_content', { id: chapter.chapter_id }) } : {})}
              linkLabel={`${chapter.chapter_name} (${state})`}
              badge={
                <Box
                  role="img"
                  aria-label={state}
                  title={state}
                  sx={{ display: 'flex', color: chapter.active ? 'success.main' : 'text.disabled' }}
                >
                  {chapter.active ? <LockOpenOutlined /> : <LockOutlined />}
                </Box>
              }
            >
              {waitsFor !== null && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="unlock-hint">
                  {t('coursePage.chapters.unlockHint', { name: waitsFor })}
                </Typography>
              )}
              {chapter.contents_finished + chapter.contents_nonfinished > 0 && (
                <Bar label={t('catalogue.progress.content')} done={chapter.contents_finished} open={chapter.contents_nonfinished} />
              )}
              <Bar label={t('catalogue.progress.tasks')} done={chapter.tasks_finished} open={chapter.tasks_nonfinished} />
              <Bar
                label={t('catalogue.progress.programs')}
                done={chapter.programs_finished}
                open={chapter.programs_nonfinished}
              />
            </ColourCard>
          </CardGridItem>
        );
      })}
    </CardGrid>
  );
}
