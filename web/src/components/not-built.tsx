/** Placeholder for screens of later issues: says so clearly, with the route name and parameters. */
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import Construction from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';

interface NotBuiltProps {
  routeName: string;
  params?: Record<string, string | undefined>;
  /** A panel inside a built page instead of a whole page. */
  variant?: 'page' | 'panel';
  title?: string;
}

export function NotBuilt({ routeName, params = {}, variant = 'page', title }: NotBuiltProps) {
  const { t } = useTranslation();
  const entries = Object.entries(params).filter(([, v]) => v !== undefined);

  if (variant === 'panel') {
    return (
      <Alert
        severity="info"
        icon={<Construction />}
        data-testid="not-built-panel"
        data-panel={routeName}
        variant="outlined"
      >
        <AlertTitle>{title ?? t('notBuilt.title')}</AlertTitle>
        {t('notBuilt.panel')}
      </Alert>
    );
  }

  return (
    <Paper data-testid="not-built" sx={{ p: { xs: 2, sm: 4 } }} variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Construction color="warning" fontSize="large" aria-hidden />
        <Typography variant="h4" component="h1">
          {t('notBuilt.title')}
        </Typography>
      </Box>
      <Typography sx={{ mb: 2 }}>{t('notBuilt.text')}</Typography>
      <Table size="small" aria-label={t('notBuilt.details')} sx={{ mb: 3, maxWidth: 480 }}>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row">
              {t('notBuilt.route')}
            </TableCell>
            <TableCell>
              <code data-testid="not-built-route">{routeName}</code>
            </TableCell>
          </TableRow>
          {entries.length === 0 ? (
            <TableRow>
              <TableCell component="th" scope="row">
                {t('notBuilt.params')}
              </TableCell>
              <TableCell>{t('notBuilt.noParams')}</TableCell>
            </TableRow>
          ) : (
            entries.map(([key, value]) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  <code>{key}</code>
                </TableCell>
                <TableCell>
                  <code data-testid={`not-built-param-${key}`}>{value}</code>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        {t('notBuilt.back')}
      </Button>
    </Paper>
  );
}
