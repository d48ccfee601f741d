/**
 * /leaderboard (spec/1 §2, §9): filters, a page of 100 learners and a pager of at most 10 links;
 * 'loading' until the first page arrives. Changing a filter goes back to page 1.
 */
import { useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { leaderboardPageCount } from '@lectio/shared';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { noLeaderFilters, useLeaderFilterData, useLeaders, type LeaderEntry, type LeaderFilters } from '../api/leaderboard';
import { LeaderCourseDialog } from './leader-course-dialog';
import { LeaderboardFilters } from './leaderboard-filters';
import { LeaderboardPager } from './leaderboard-pager';
import { LeaderboardTable } from './leaderboard-table';
import { PageHeading } from '@/components/layout/page-heading';

export function LeaderboardPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<LeaderFilters>(noLeaderFilters);
  const [page, setPage] = useState(1);
  const [leader, setLeader] = useState<LeaderEntry | null>(null);
  const filterData = useLeaderFilterData();
  const leaders = useLeaders(filters, page);
  useBreadcrumbs([{ label: t('leaderboard.title') }]);

  const data = leaders.data;
  const pageCount = data ? leaderboardPageCount(data.count) : 0;

  return (
    <>
      <PageHeading title={t('leaderboard.title')} subtitle={data ? t('leaderboard.total', { count: data.count }) : undefined} />
      {filterData.data && (
        <LeaderboardFilters
          data={filterData.data}
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      )}
      {!data ? (
        <Typography role="status" data-testid="leaderboard-loading">
          {t('leaderboard.loading')}
        </Typography>
      ) : data.list.length === 0 ? (
        <Alert severity="info" data-testid="leaderboard-empty">
          {t('leaderboard.empty')}
        </Alert>
      ) : (
        <>
          <LeaderboardTable rows={data.list} start={data.start} onOpen={setLeader} />
          <LeaderboardPager page={page} pageCount={pageCount} onChange={setPage} />
        </>
      )}
      <LeaderCourseDialog leader={leader} onClose={() => setLeader(null)} />
    </>
  );
}
