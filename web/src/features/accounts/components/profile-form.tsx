/**
 * The profile form (spec/1 §2 Profile): the personal fields of registration, the e-mail read-only
 * and the theme. The preferred language switches the UI language as soon as it is chosen; saving
 * applies the theme at once, refreshes the session user and returns to the dashboard.
 */
import { FormProvider } from 'react-hook-form';
import { useZodForm } from '@/components/form/use-zod-form';
import { useNavigate } from 'react-router';
import { Box, Button, CircularProgress, Grid, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { accountMessages, languageById, themeById, themes, type profileData } from '@lectio/shared';
import type { z } from 'zod';
import { useFeedback } from '@/components/feedback/feedback';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useThemeMode } from '@/lib/theme-mode';
import { useLanguageSwitch } from '@/lib/use-language';
import { useSaveProfile } from '../api/profile';
import { profileFormSchema, type ProfileFormValues } from '../forms/schemas';
import { applyServerFieldErrors } from '../forms/server-errors';
import { useAccountMessage } from '../messages';
import { RadioChoiceField } from '@/components/form/form-fields';
import { PersonalFields, type RegistrationData } from './personal-fields';

export type ProfileData = z.output<typeof profileData>;

const fields = ['name', 'surname', 'nick', 'age', 'country', 'lang', 'group', 'content_type_id', 'theme_id'] as const;

export function profileDefaults(profile: ProfileData, uiLanguageId: number): ProfileFormValues {
  return {
    name: profile.name,
    surname: profile.surname,
    nick: profile.nickname,
    age: profile.yob,
    country: profile.country_id || null,
    lang: profile.pref_lang_id || uiLanguageId,
    group: profile.groups,
    content_type_id: profile.content_type_id || null,
    theme_id: profile.theme_id || 1,
  };
}

export function ProfileForm({
  profile,
  data,
  uiLanguageId,
}: {
  profile: ProfileData;
  data: RegistrationData;
  uiLanguageId: number;
}) {
  const { t } = useTranslation();
  const message = useAccountMessage();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const { refreshUser } = useSession();
  const { setMode } = useThemeMode();
  const language = useLanguageSwitch();
  const save = useSaveProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: profileDefaults(profile, uiLanguageId),
  });

  const submit = form.handleSubmit(async (values) => {
    feedback.clear();
    try {
      const result = await save.mutateAsync(values);
      if (result !== 'OK') {
        feedback.show(message(result));
        return;
      }
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      feedback.show(message(error instanceof Error ? error.message : String(error)));
      if (isApiError(error)) applyServerFieldErrors(form.setError, error.errors, fields);
      return;
    }
    setMode(themeById(values.theme_id).theme_name);
    // The header and dashboard show the new name; a failed refresh is not a failed save.
    await refreshUser().catch(() => undefined);
    feedback.show(message(accountMessages.dataSaved), 'success', { carry: true });
    void navigate('/dashboard');
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('accounts.profile.title')}>
        <PersonalFields
          data={data}
          onLanguageChange={(id) => language.change(languageById(id).shortcut)}
          contact={
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="field-email"
                name="email"
                label={t('accounts.fields.email')}
                value={profile.email}
                fullWidth
                helperText={t('accounts.profile.emailFixed')}
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            </Grid>
          }
        />
        <Box sx={{ mt: 1 }}>
          <RadioChoiceField
            name="theme_id"
            label={t('accounts.fields.theme')}
            required
            row
            choices={themes.map((theme) => ({ value: theme.id, label: t(`themes.${theme.theme_name}`) }))}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            data-testid="profile-save"
          >
            {t('accounts.profile.save')}
          </Button>
        </Stack>
      </Box>
    </FormProvider>
  );
}
