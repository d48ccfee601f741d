/**
 * The registration form (spec/1 §2, §5, §8): shared zod rules in the browser, Register disabled
 * until the privacy agreement is checked, the server's answer mapped by `registrationFailed`.
 */
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useZodForm } from '@/components/form/use-zod-form';
import { Box, Button, Checkbox, CircularProgress, FormControlLabel, FormHelperText, Grid, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { YOB_MIN } from '@lectio/shared';
import { useFeedback } from '@/components/feedback/feedback';
import { useRegister, useUiLanguageId } from '../api/registration';
import { registerFormSchema } from '../forms/schemas';
import { applyServerFieldErrors } from '../forms/server-errors';
import { useAccountMessage } from '../messages';
import { FormTextField } from '@/components/form/form-fields';
import { PersonalFields, type RegistrationData } from './personal-fields';
import { PrivacyPolicy } from './privacy-policy';

const fields = [
  'name',
  'surname',
  'nick',
  'email',
  'passw',
  'passwConfirm',
  'age',
  'country',
  'lang',
  'group',
  'content_type_id',
] as const;

export function RegisterForm({ data, onRegistered }: { data: RegistrationData; onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const message = useAccountMessage();
  const feedback = useFeedback();
  const register = useRegister();
  const [agreed, setAgreed] = useState(false);
  const uiLanguageId = useUiLanguageId();
  const form = useZodForm(registerFormSchema, {
    defaultValues: {
      name: '',
      surname: '',
      nick: '',
      email: '',
      passw: '',
      passwConfirm: '',
      age: YOB_MIN,
      country: null,
      lang: uiLanguageId,
      group: '',
      content_type_id: null,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    feedback.clear();
    const outcome = await register.mutateAsync(values);
    feedback.show(message(outcome.text), outcome.ok ? 'success' : 'error');
    if (outcome.ok) onRegistered(values.email);
    else applyServerFieldErrors(form.setError, outcome.fieldErrors, fields);
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('accounts.register.title')}>
        <PersonalFields
          data={data}
          contact={
            <>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField name="email" type="email" label={t('accounts.fields.email')} autoComplete="email" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  name="passw"
                  type="password"
                  label={t('accounts.fields.password')}
                  autoComplete="new-password"
                  required
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  name="passwConfirm"
                  type="password"
                  label={t('accounts.fields.passwordConfirm')}
                  autoComplete="new-password"
                  required
                />
              </Grid>
            </>
          }
        />
        <Stack spacing={1} sx={{ mt: 1 }}>
          <PrivacyPolicy />
          <FormControlLabel
            control={
              <Checkbox
                name="agreement"
                checked={agreed}
                onChange={(event) => setAgreed(event.target.checked)}
                data-testid="privacy-agreement"
              />
            }
            label={t('accounts.register.agreement')}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!agreed || register.isPending}
              aria-describedby={agreed ? undefined : 'register-needs-agreement'}
              startIcon={register.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              data-testid="register-submit"
            >
              {t('accounts.register.submit')}
            </Button>
            {!agreed && <FormHelperText id="register-needs-agreement">{t('accounts.register.agreementNeeded')}</FormHelperText>}
          </Box>
        </Stack>
      </Box>
    </FormProvider>
  );
}
