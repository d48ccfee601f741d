/**
 * The Competitions tab (spec/1 §2, §4): Active competitions with Join (a private one asks for its
 * key) and My competitions. A refused join shows the server's description in an info dialog;
 * a joined competition opens (competition_content, by user competition id).
 */
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Box,
  Button,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { PageSpinner } from '@/components/page-spinner';
import { useErrorText } from '@/lib/server-error-text';
import { isPrivate, useCompetitions, useJoinCompetition, type OpenCompetition } from '../api/competitions';
import { escapeHtml } from '@/lib/escape-html';
import { formatServerTime } from '@/lib/format-time';
import { RemainingTime } from './remaining-time';
import { CompetitionWindow } from './competition-window';

function CompetitionIcon({ src }: { src: string }) {
  return src ? (
    <Box component="img" src={src} alt="" sx={{ width: 28, height: 28, display: 'block' }} />
  ) : (
    <EmojiEventsOutlined color="action" aria-hidden />
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function CompetitionsTab({ courseId }: { courseId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dialog = useMessageDialog();
  const query = useCompetitions(courseId);
  const join = useJoinCompetition(courseId);
  const errorText = useErrorText();

  const onJoin = async (competition: OpenCompetition) => {
    let key = '';
    if (isPrivate(competition)) {
      const answer = await dialog.open({
        type: 'question',
        title: t('coursePage.competitions.keyTitle'),
        html: `<p>${escapeHtml(t('coursePage.competitions.keyText', { name: competition.name }))}</p>`,
        input: { label: t('coursePage.competitions.keyLabel') },
        buttons: [
          { label: t('coursePage.competitions.join'), value: 'join' },
          { label: t('catalogue.admin.cancel'), value: 'cancel' },
        ],
      });
      if (!answer || answer.value !== 'join') return;
      key = answer.input;
    }
    join.mutate(
      { compId: competition.id, key },
      {
        onSuccess: (result) => void navigate(pathTo('competition_content', { id: result.user_comp_id })),
        onError: (error) => {
          const text = errorText(error);
          void dialog.open({ type: 'info', html: `<p>${escapeHtml(text)}</p>` });
        },
      },
    );
  };

  if (query.isPending) return <PageSpinner />;
  if (!query.data) return null;
  const { opened, joined } = query.data;
  const head = (keys: string[]) => (
    <TableHead>
      <TableRow>
        {keys.map((key) => (
          <TableCell key={key} scope="col">
            {t(`coursePage.competitions.columns.${key}` as 'coursePage.competitions.columns.name')}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );

  return (
    <Stack spacing={4} data-testid="competitions-tab">
      <Section id="active-competitions" title={t('coursePage.competitions.active')}>
        {opened.length === 0 ? (
          <Typography color="text.secondary">{t('coursePage.competitions.noneActive')}</Typography>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-labelledby="active-competitions" sx={{ minWidth: 640 }}>
              {head(['name', 'icon', 'window', 'timeLimit', 'action'])}
              <TableBody>
                {opened.map((competition) => (
                  <TableRow key={competition.id} data-testid="active-competition">
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        {competition.name}
                        {isPrivate(competition) && (
                          <LockOutlined fontSize="small" color="action" titleAccess={t('coursePage.competitions.private')} />
                        )}
                      </Box>
                    </TableCell>
                    <TableCell>
                      <CompetitionIcon src={competition.icon} />
                    </TableCell>
                    <TableCell>
                      <CompetitionWindow competition={competition} />
                    </TableCell>
                    <TableCell>{t('coursePage.competitions.seconds', { seconds: competition.time_limit })}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={join.isPending}
                        onClick={() => void onJoin(competition)}
                        aria-label={t('coursePage.competitions.joinNamed', { name: competition.name })}
                        data-testid={`join-${competition.id}`}
                      >
                        {t('coursePage.competitions.join')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
      <Section id="my-competitions" title={t('coursePage.competitions.mine')}>
        {joined.length === 0 ? (
          <Typography color="text.secondary">{t('coursePage.competitions.noneJoined')}</Typography>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-labelledby="my-competitions" sx={{ minWidth: 860 }}>
              {head(['name', 'icon', 'window', 'timeLimit', 'begin', 'end', 'status', 'score'])}
              <TableBody>
                {joined.map((competition) => (
                  <TableRow key={competition.user_comp_id} data-testid="joined-competition">
                    <TableCell>
                      <Link component={RouterLink} to={pathTo('competition_content', { id: competition.user_comp_id })}>
                        {competition.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <CompetitionIcon src={competition.icon} />
                    </TableCell>
                    <TableCell>
                      <CompetitionWindow competition={competition} />
                    </TableCell>
                    <TableCell>{t('coursePage.competitions.seconds', { seconds: competition.time_limit })}</TableCell>
                    <TableCell>{formatServerTime(competition.begin_at, i18n.language)}</TableCell>
                    <TableCell>
                      {formatServerTime(competition.end_at, i18n.language)}
                      {competition.status === 'open' && (
                        <>
                          <br />
                          <RemainingTime deadline={competition.end_at} />
                        </>
                      )}
                    </TableCell>
                    <TableCell>
                      {competition.status === 'open' || competition.status === 'closed'
                        ? t(`coursePage.competitions.status.${competition.status}`)
                        : competition.status}
                    </TableCell>
                    <TableCell>{competition.score}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
    </Stack>
  );
}
