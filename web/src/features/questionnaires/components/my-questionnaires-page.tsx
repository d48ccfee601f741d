/**
 * /myquestionnaires (spec/3 §2, "Questionnaires"): the questionnaires sent to the student — name,
 * course, status, score, created at — 20 a page (§9); a name opens the questionnaire.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@/components/grid/admin-grid';
import { PageHeading } from '@/components/layout/page-heading';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { pathTo } from '@/lib/paths';
import { useMyQuestionnaires } from '../api/questionnaires';

export function MyQuestionnairesPage() {
  const { t } = useTranslation();
  const query = useMyQuestionnaires();
  const [page, setPage] = useState(0);
  useBreadcrumbs([{ label: t('questionnaires.mine.title') }]);
  const gate = pageGate(query);
  if (gate) return gate;
  const list = query.data!.list;
  return (
    <>
      <PageHeading title={t('questionnaires.mine.title')} />
      {list.length === 0 ? (
        <Alert severity="info">{t('questionnaires.mine.none')}</Alert>
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label={t('questionnaires.mine.title')} data-testid="my-questionnaires">
            <TableHead>
              <TableRow>
                <TableCell>{t('questionnaires.fields.name')}</TableCell>
                <TableCell>{t('questionnaires.fields.course')}</TableCell>
                <TableCell>{t('questionnaires.fields.status')}</TableCell>
                <TableCell align="right">{t('questionnaires.fields.score')}</TableCell>
                <TableCell>{t('questionnaires.fields.createdAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((q) => (
                <TableRow key={q.id}>
                  <TableCell>
                    <Link component={RouterLink} to={pathTo('myquestionnaire', { id: q.id })}>
                      {q.name}
                    </Link>
                  </TableCell>
                  <TableCell>{q.course}</TableCell>
                  <TableCell>{t(`questionnaires.status.${q.q_status}`)}</TableCell>
                  <TableCell align="right">{q.score}</TableCell>
                  <TableCell>{q.created_at}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.length > PAGE_SIZE && (
            <TablePagination component="div" count={list.length} page={page} onPageChange={(_, p) => setPage(p)} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} />
          )}
        </TableContainer>
      )}
    </>
  );
}
