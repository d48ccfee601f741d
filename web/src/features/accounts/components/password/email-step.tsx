/** Step 1: the e-mail the code goes to; when logged in it must be the user's own (spec/1 §5). */
import { FormProvider } from 'react-hook-form';
import { useZodForm } from '@/components/form/use-zod-form';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/components/feedback/feedback';
import { useRequestResetCode } from '../../api/password-reset';
import { resetEmailFormSchema } from '../../forms/schemas';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { useAccountMessage } from '../../messages';
import { FormTextField } from '@/components/form/form-fields';

export function EmailStep({
  initialEmail,
  loggedUserEmail,
  onSent,
}: {
  initialEmail: string;
  loggedUserEmail?: string;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const message = useAccountMessage();
  const feedback = useFeedback();
  const request = useRequestResetCode();
  const form = useZodForm(resetEmailFormSchema(loggedUserEmail), {
    defaultValues: { mail: initialEmail },
  });

  const submit = form.handleSubmit(async ({ mail }) => {
    feedback.clear();
    try {
      const description = await request.mutateAsync({ mail });
      feedback.show(message(description), 'success');
      onSent(mail.trim());
    } catch (error) {
      const failure = error as { message: string; fieldErrors?: Record<string, string[]> };
      feedback.show(message(failure.message));
      applyServerFieldErrors(form.setError, failure.fieldErrors, ['mail']);
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('accounts.pwd.steps.email')}>
        <Stack spacing={2}>
          <Typography>{t(loggedUserEmail ? 'accounts.pwd.emailIntroLogged' : 'accounts.pwd.emailIntro')}</Typography>
          <FormTextField name="mail" type="email" label={t('accounts.fields.email')} autoComplete="email" required autoFocus />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={request.isPending}
              startIcon={request.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              data-testid="pwd-send-code"
            >
              {t('accounts.pwd.sendCode')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </FormProvider>
  );
}
