/**
 * An HTML/CSS task (type 11; spec/2 §2.8 viewer, spec/3 task type 11): the title and assignment beside
 * an editable requested file and its rendered output, and under a Checkout heading the rules, each
 * with a green check or a red error icon once checked. Shared by the player, the admin viewer and the
 * editor. The rendered page runs in a sandboxed frame: no scripts, no same origin, and a
 * Content-Security-Policy that lets it load nothing (inline styles and data: images only).
 */
import { Box, Grid, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import { ruleDescription } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import { CodeEditor } from '@/components/programming/code-editor';

export interface HtmlRuleView {
  rule_id: number;
  description?: string;
  content: unknown;
}

/** The rendered page's own policy: nothing loads from anywhere; inline styles and data: images only. */
const FRAME_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'";

/** The page with the frame's policy as the first thing in its head (after a doctype, which must come first). */
export function framedPage(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

/** The rendered output of a page, sandboxed (an empty `sandbox` allows neither scripts nor same origin). */
export function RenderedPage({ html, title, height = 320 }: { html: string; title: string; height?: number | string }) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={framedPage(html)}
      data-testid="rendered-page"
      sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}

/** The rules under their Checkout heading; `results` null = not checked yet. */
export function RuleCheckout({ rules, results }: { rules: HtmlRuleView[]; results: boolean[] | null }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="checkout-heading" data-testid="checkout">
      <Typography id="checkout-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('htmlTask.checkout')}
      </Typography>
      {rules.length === 0 && <Typography color="text.secondary">{t('htmlTask.noRules')}</Typography>}
      <List dense>
        {rules.map((rule, i) => {
          const met = results?.[i];
          return (
            <ListItem key={i} data-testid="rule" data-met={met === undefined ? 'unchecked' : String(met)}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {met === undefined ? (
                  <RadioButtonUnchecked fontSize="small" titleAccess={t('htmlTask.unchecked')} />
                ) : met ? (
                  <CheckCircle color="success" fontSize="small" titleAccess={t('htmlTask.met')} />
                ) : (
                  <ErrorIcon color="error" fontSize="small" titleAccess={t('htmlTask.notMet')} />
                )}
              </ListItemIcon>
              <ListItemText primary={rule.description || ruleDescription(rule.content)} />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

export interface HtmlTaskViewProps {
  title: string;
  assignment: string;
  page: string;
  onPage?: (page: string) => void;
  rules: HtmlRuleView[];
  results: boolean[] | null;
  readOnly?: boolean;
}

export function HtmlTaskView({ title, assignment, page, onPage, rules, results, readOnly }: HtmlTaskViewProps) {
  const { t } = useTranslation();
  return (
    <Box data-testid="html-task">
      {title && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      <SafeHtml html={assignment} sx={{ mb: 2 }} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('htmlTask.requestedFile')}
          </Typography>
          <CodeEditor fileName="index.html" value={page} onChange={onPage} readOnly={readOnly || !onPage} label={t('htmlTask.requestedFile')} testId="html-editor" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('htmlTask.output')}
          </Typography>
          <RenderedPage html={page} title={t('htmlTask.output')} />
        </Grid>
      </Grid>
      <Box sx={{ mt: 2 }}>
        <RuleCheckout rules={rules} results={results} />
      </Box>
    </Box>
  );
}
