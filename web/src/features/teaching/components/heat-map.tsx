/**
 * A progress heat map (issue 21 item 5): students × chapters, lessons or tasks as a compact grid of
 * coloured squares, the share of the column's maximum score each student reached. It is a real table
 * (caption, column and row headers) and every square names student, column and percentage, so a
 * screen reader reads it as the score table it summarises; a legend explains the colours.
 */
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { share } from '../lib/group-choice';
import type { ScoreColumn, ScoreRow } from './score-grid';

/** Five bands, from nothing yet to (nearly) all; the colours differ in lightness too. */
const bands = [
  { min: 0, colour: '#e0e0e0', key: 'none' },
  { min: 1, colour: '#f4a582', key: 'low' },
  { min: 34, colour: '#fddb7a', key: 'middle' },
  { min: 67, colour: '#92c5de', key: 'high' },
  { min: 90, colour: '#2166ac', key: 'full' },
] as const;
const bandOf = (percent: number) => [...bands].reverse().find((b) => percent >= b.min)!;

const SIZE = 14;

export function HeatMap({ rows, columns, title }: { rows: ScoreRow[]; columns: ScoreColumn[]; title: string }) {
  const { t } = useTranslation();
  if (!rows.length || !columns.length) return null;
  return (
    <Box sx={{ mb: 3 }} data-testid="heat-map">
      <Box sx={{ overflowX: 'auto' }}>
        <Box component="table" sx={{ borderCollapse: 'separate', borderSpacing: 2, fontSize: 12 }}>
          <Typography component="caption" variant="subtitle2" sx={{ textAlign: 'left', captionSide: 'top', mb: 1, whiteSpace: 'nowrap' }}>
            {title}
          </Typography>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ textAlign: 'left', fontWeight: 500, pr: 1 }}>
                {t('teaching.table.student')}
              </Box>
              {columns.map((c, i) => (
                <Box component="th" scope="col" key={c.id} title={c.name} aria-label={c.name} sx={{ fontWeight: 400, width: SIZE, color: 'text.secondary' }}>
                  {i + 1}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const student = `${row.name} ${row.surname}`.trim();
              return (
                <tr key={row.id}>
                  <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 400, pr: 1, whiteSpace: 'nowrap' }}>
                    {student}
                  </Box>
                  {columns.map((c, i) => {
                    const cell = row.cells[i];
                    const percent = share((cell?.score_tasks ?? 0) + (cell?.score_programs ?? 0), c.max_score_tasks + c.max_score_programs);
                    const label = t('teaching.heatMap.cell', { student, column: c.name, percent });
                    return (
                      <Box component="td" key={c.id} title={label} sx={{ p: 0 }}>
                        <Box
                          role="img"
                          aria-label={label}
                          sx={{ width: SIZE, height: SIZE, bgcolor: bandOf(percent).colour, border: '1px solid', borderColor: 'grey.600', borderRadius: 0.5 }}
                        />
                      </Box>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </Box>
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label={t('teaching.heatMap.legend')} role="list">
        {bands.map((b) => (
          <Stack key={b.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="listitem">
            <Box sx={{ width: SIZE, height: SIZE, bgcolor: b.colour, border: '1px solid', borderColor: 'grey.600', borderRadius: 0.5 }} aria-hidden />
            <Typography variant="caption">{t(`teaching.heatMap.${b.key}`)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
