/** The open window of a competition (flags check_OB / check_OE say which ends apply). */
import { useTranslation } from 'react-i18next';
import { formatServerTime } from '@/lib/format-time';

export function CompetitionWindow({
  competition,
}: {
  competition: { open_begin: string | null; open_end: string | null; check_OB: number; check_OE: number };
}) {
  const { t, i18n } = useTranslation();
  const begin = competition.check_OB ? formatServerTime(competition.open_begin, i18n.language) : '';
  const end = competition.check_OE ? formatServerTime(competition.open_end, i18n.language) : '';
  if (begin && end) return <>{t('coursePage.competitions.window', { begin, end })}</>;
  if (begin) return <>{t('coursePage.competitions.from', { begin })}</>;
  if (end) return <>{t('coursePage.competitions.until', { end })}</>;
  return <>{t('coursePage.competitions.always')}</>;
}
