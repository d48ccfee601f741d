/**
 * The HTML/CSS sections of the task editor (type 11; spec/2 §2.9): Requested file and Author's
 * solution (code editors, the solution rendered beside them), and Rules: each a system rule picked by
 * its text in the UI language with its slots filled (`$$$$` text, `####` digits only), shown with
 * whether the author's solution meets it; the rule grade is the percentage of rules it meets.
 */
import { Alert, Box, Button, Grid, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import ErrorIcon from '@mui/icons-material/Error';
import { useTranslation } from 'react-i18next';
import { checkHtmlRules, HTML_RULE_IDS, systemRuleText } from '@lectio/shared';
import { CodeEditor } from '@/components/programming/code-editor';
import { RenderedPage } from '@/components/tasks/html-task-view';
import { languageIdOf } from '@/lib/i18n';
import { checkedRules, newRule, withKind, type EditorRule, type HtmlParts } from './html-model';

interface HtmlSectionsProps {
  parts: HtmlParts;
  onParts: (parts: HtmlParts) => void;
  readOnly: boolean;
}

export function HtmlSections({ parts, onParts, readOnly }: HtmlSectionsProps) {
  const { t, i18n } = useTranslation();
  const uiLang = languageIdOf(i18n.resolvedLanguage ?? i18n.language);
  const { results, rating } = checkHtmlRules(parts.authorsFile, checkedRules(parts));
  const setRule = (i: number, rule: EditorRule) => onParts({ ...parts, rules: parts.rules.map((r, k) => (k === i ? rule : r)) });

  return (
    <Stack spacing={2} data-testid="html-sections">
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="html-files-heading">
        <Typography id="html-files-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('htmlEditor.files')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Typography variant="subtitle2" component="h3">{t('htmlEditor.requestedFile')}</Typography>
            <CodeEditor fileName="index.html" value={parts.requestedFile} onChange={(v) => onParts({ ...parts, requestedFile: v })} readOnly={readOnly} label={t('htmlEditor.requestedFile')} testId="requested-file" />
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Typography variant="subtitle2" component="h3">{t('htmlEditor.authorsFile')}</Typography>
            <CodeEditor fileName="index.html" value={parts.authorsFile} onChange={(v) => onParts({ ...parts, authorsFile: v })} readOnly={readOnly} label={t('htmlEditor.authorsFile')} testId="authors-file" />
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Typography variant="subtitle2" component="h3">{t('htmlEditor.solutionOutput')}</Typography>
            <RenderedPage html={parts.authorsFile} title={t('htmlEditor.solutionOutput')} />
          </Grid>
        </Grid>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="html-rules-heading" data-testid="rules-section">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 2, flexWrap: 'wrap' }}>
          <Typography id="html-rules-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('htmlEditor.rules')}
          </Typography>
          <Typography variant="body2" data-testid="rule-grade" aria-live="polite">
            {t('htmlEditor.ruleGrade', { grade: rating })}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button startIcon={<Add />} disabled={readOnly || parts.rules.length >= 100} onClick={() => onParts({ ...parts, rules: [...parts.rules, newRule(1)] })} data-testid="add-rule">
            {t('htmlEditor.addRule')}
          </Button>
        </Stack>
        {parts.rules.length === 0 && <Alert severity="info">{t('htmlEditor.noRules')}</Alert>}
        <Stack spacing={1.5}>
          {parts.rules.map((rule, i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid="rule-row" data-met={String(results[i])}>
              <Box sx={{ pt: 1 }}>
                {results[i] ? (
                  <CheckCircle color="success" titleAccess={t('htmlEditor.solutionMeets')} />
                ) : (
                  <ErrorIcon color="error" titleAccess={t('htmlEditor.solutionFails')} />
                )}
              </Box>
              <TextField
                select
                size="small"
                label={t('htmlEditor.ruleKind', { n: i + 1 })}
                value={rule.rule_id}
                disabled={readOnly}
                onChange={(e) => setRule(i, withKind(rule, Number(e.target.value)))}
                sx={{ flex: '2 1 280px' }}
                slotProps={{ select: { inputProps: { 'data-testid': 'rule-kind' } } }}
              >
                {HTML_RULE_IDS.map((id) => (
                  <MenuItem key={id} value={id}>
                    {systemRuleText(id, uiLang)}
                  </MenuItem>
                ))}
              </TextField>
              {rule.texts.map((text, k) => (
                <TextField
                  key={`t${k}`}
                  size="small"
                  label={t('htmlEditor.textSlot', { n: k + 1 })}
                  value={text}
                  disabled={readOnly}
                  error={text.trim() === ''}
                  helperText={text.trim() === '' ? t('htmlEditor.required') : ' '}
                  onChange={(e) => setRule(i, { ...rule, texts: rule.texts.map((v, j) => (j === k ? e.target.value : v)) })}
                  sx={{ flex: '1 1 140px' }}
                  slotProps={{ htmlInput: { maxLength: 500, spellCheck: false, 'data-testid': 'rule-text' } }}
                />
              ))}
              {rule.numbers.map((n, k) => (
                <TextField
                  key={`n${k}`}
                  size="small"
                  label={t('htmlEditor.numberSlot', { n: k + 1 })}
                  value={String(n)}
                  disabled={readOnly}
                  // Digits only (spec/2 §3: #### is a number slot).
                  onChange={(e) => {
                    const digits = e.target.value.replace(/\D/g, '').slice(0, 6);
                    setRule(i, { ...rule, numbers: rule.numbers.map((v, j) => (j === k ? Number(digits || 0) : v)) });
                  }}
                  sx={{ width: 110 }}
                  slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'data-testid': 'rule-number' } }}
                  helperText=" "
                />
              ))}
              <Tooltip title={t('htmlEditor.deleteRule')}>
                <span>
                  <IconButton aria-label={t('htmlEditor.deleteRule')} disabled={readOnly} onClick={() => onParts({ ...parts, rules: parts.rules.filter((_, k) => k !== i) })} data-testid="delete-rule">
                    <Delete />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
