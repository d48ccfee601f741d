/**
 * /leaderboard (spec/1 §2, §9): filters, a page of 100 learners and a pager of at most 10 links.
 * Filters and page live in the URL (reload and Back keep them; a filter change goes back to page 1).
 * The user's own row is highlighted and 'my rank' says where they stand and jumps to their page.
 * A skeleton of the table shows until the first page arrives (its text is the spec's 'loading').
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEventsOutlined';
import { useTranslation } from 'react-i18next';
import { LEADERBOARD_PAGE_SIZE, leaderboardPageCount } from '@lectio/shared';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { useSession } from '@/lib/auth';
import { useLeaderFilterData, useLeaders, useMyLeaderRank, type LeaderEntry, type LeaderFilters } from '../api/leaderboard';
import { leaderboardSearch, leaderboardStateOf, pageOfRank } from '../lib/leaderboard-url';
import { LeaderCourseDialog } from './leader-course-dialog';
import { LeaderboardFilters } from './leaderboard-filters';
import { LeaderboardPager } from './leaderboard-pager';
import { LeaderboardSkeleton, LeaderboardTable } from './leaderboard-table';
import { numberFormat } from '@/lib/number-format';

function MyRank({ filters, page, onShow }: { filters: LeaderFilters; page: number; onShow: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const query = useMyLeaderRank(filters);
  if (!query.data) return null;
  const { rank, capped } = query.data;
  const number = numberFormat(i18n.language);
  const myPage = rank === null ? null : pageOfRank(rank, LEADERBOARD_PAGE_SIZE);
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, mb: 2 }} data-testid="my-rank">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <EmojiEvents color="primary" aria-hidden />
        <Typography sx={{ flexGrow: 1 }}>
          {rank === null
            ? t('leaderboard.me.none')
            : capped
              ? t('leaderboard.me.beyond', { rank: number.format(rank - 1) })
              : t('leaderboard.me.rank', { rank: number.format(rank), page: myPage })}
        </Typography>
        {myPage !== null && !capped && myPage !== page && (
          <Button size="small" variant="outlined" onClick={() => onShow(myPage)} data-testid="my-rank-show">
            {t('leaderboard.me.show')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function LeaderboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const { filters, page } = leaderboardStateOf(search);
  const [leader, setLeader] = useState<LeaderEntry | null>(null);
  const filterData = useLeaderFilterData();
  const leaders = useLeaders(filters, page);
  useBreadcrumbs([{ label: t('leaderboard.title') }]);

  const data = leaders.data;
  const pageCount = data ? leaderboardPageCount(data.count) : 0;
  const go = (nextFilters: LeaderFilters, nextPage: number) => setSearch(leaderboardSearch(nextFilters, nextPage));

  return (
    <>
      <PageHeading title={t('leaderboard.title')} subtitle={data ? t('leaderboard.total', { count: data.count }) : undefined} />
      {filterData.data && <LeaderboardFilters data={filterData.data} value={filters} onChange={(next) => go(next, 1)} />}
      <MyRank filters={filters} page={page} onShow={(myPage) => go(filters, myPage)} />
      {!data ? (
        <LeaderboardSkeleton />
      ) : data.list.length === 0 ? (
        <Alert severity="info" data-testid="leaderboard-empty">
          {t('leaderboard.empty')}
        </Alert>
      ) : (
        <>
          <LeaderboardTable rows={data.list} start={data.start} meId={user?.user_id ?? null} onOpen={setLeader} />
          <LeaderboardPager page={page} pageCount={pageCount} onChange={(next) => go(filters, next)} />
        </>
      )}
      <LeaderCourseDialog leader={leader} onClose={() => setLeader(null)} />
    </>
  );
}
