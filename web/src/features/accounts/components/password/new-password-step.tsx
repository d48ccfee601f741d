/** Step 3: the new password and its confirmation (min 5 characters, must match). */
import { FormProvider } from 'react-hook-form';
import { useZodForm } from '@/components/form/use-zod-form';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/components/feedback/feedback';
import { useChangePassword } from '../../api/password-reset';
import { newPasswordFormSchema } from '../../forms/schemas';
import { useAccountMessage } from '../../messages';
import { FormTextField } from '@/components/form/form-fields';

export function NewPasswordStep({
  email,
  token,
  onChanged,
}: {
  email: string;
  token: string;
  onChanged: (password: string) => void;
}) {
  const { t } = useTranslation();
  const message = useAccountMessage();
  const feedback = useFeedback();
  const change = useChangePassword();
  const form = useZodForm(newPasswordFormSchema, {
    defaultValues: { passwd: '', passwdConfirm: '' },
  });

  const submit = form.handleSubmit(async ({ passwd }) => {
    feedback.clear();
    try {
      await change.mutateAsync({ email, token, passwd });
      onChanged(passwd);
    } catch (error) {
      feedback.show(message((error as Error).message));
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('accounts.pwd.steps.password')}>
        <Stack spacing={2}>
          <Typography>{t('accounts.pwd.passwordIntro')}</Typography>
          {/* Lets password managers pair the new password with the account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormTextField
            name="passwd"
            type="password"
            label={t('accounts.pwd.newPassword')}
            autoComplete="new-password"
            required
            autoFocus
          />
          <FormTextField
            name="passwdConfirm"
            type="password"
            label={t('accounts.fields.passwordConfirm')}
            autoComplete="new-password"
            required
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={change.isPending}
              startIcon={change.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              data-testid="pwd-change"
            >
              {t('accounts.pwd.change')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </FormProvider>
  );
}
