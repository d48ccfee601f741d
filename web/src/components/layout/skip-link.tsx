/** "Skip to main content": the first focusable element, visible only when focused. */
import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        p: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('app.skipToContent')}
    </Link>
  );
}
