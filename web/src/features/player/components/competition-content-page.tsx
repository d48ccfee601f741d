/**
 * /competition_content/{user_comp_id}: the competition player (spec/3 "Competition screens", §4
 * "Competitions"; issue 22 item 1) on the timed player: 'started' opens task 0; 'finished' goes to
 * the result. Answers go over HTTP (a lost socket loses none); at zero, or when the server or the
 * teacher closes the competition, the screen goes to the result.
 */
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { closeCompetition, useMyCompetition, type CompetitionPlay } from '../api/competition';
import { TimedPlayer } from './timed-player';

export function CompetitionContentPage() {
  const userCompId = Number(useParams().id);
  const query = useMyCompetition(userCompId);
  if (query.isPending) return <PageSpinner />;
  if (!query.data) return null;
  if (query.data.status === 'finished') return <Navigate to={pathTo('competition_result', { id: userCompId })} replace />;
  return <CompetitionPlayer data={query.data} />;
}

function CompetitionPlayer({ data }: { data: CompetitionPlay & { receivedAt: number } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userCompId = data.user_comp_id;
  useBreadcrumbs([{ label: t('competitions.player.course'), to: pathTo('course_content', { id: data.course_id }) }, { label: data.name }]);
  return (
    <TimedPlayer
      title={data.name}
      person={data.user}
      tasks={data.task_list}
      chapterId={data.comp_id}
      timeLimitSeconds={data.time_limit}
      clock={{ compId: data.comp_id, userCompId, deadline: data.deadline, serverNow: data.server_now, receivedAt: data.receivedAt }}
      finish={() => closeCompetition(userCompId)}
      onEnded={() => void navigate(pathTo('competition_result', { id: userCompId }), { replace: true })}
    />
  );
}
