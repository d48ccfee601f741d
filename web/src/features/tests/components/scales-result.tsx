/** The scales of a finished personalisation attempt: a table of means (or Bartle's percentages). */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PersonTestType } from '@lectio/shared';

export const parseScales = (rslt: string): Record<string, number> => {
  try {
    const value = JSON.parse(rslt) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
};

export function ScalesResult({ type, scales, names }: { type: PersonTestType; scales: Record<string, number>; names: Record<string, string> }) {
  const { t } = useTranslation();
  const percent = type === 'bartle';
  return (
    <Table size="small" sx={{ maxWidth: 520 }} data-testid="scales-result">
      <TableHead>
        <TableRow>
          <TableCell>{t('tests.result.scale')}</TableCell>
          <TableCell align="right">{percent ? t('tests.result.percent') : t('tests.result.mean')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(scales).map(([code, value]) => (
          <TableRow key={code} data-testid={`scale-${code}`}>
            <TableCell>
              <Typography component="span">{names[code] ?? code}</Typography>
            </TableCell>
            <TableCell align="right" data-testid="scale-value">
              {code === 'ATT' ? (value === 1 ? t('tests.result.yes') : t('tests.result.no')) : percent ? `${value.toFixed(1)} %` : value.toFixed(3)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
