/** /profile: loads the profile and the choice lists, then the form (initialised once). */
import { Alert, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { useProfileData } from '../api/profile';
import { useRegistrationData, useUiLanguageId } from '../api/registration';
import { ProfileForm } from './profile-form';

export function ProfilePage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t('accounts.profile.title') }]);
  const profile = useProfileData();
  const data = useRegistrationData();
  const uiLanguageId = useUiLanguageId();
  const failed = profile.isError || data.isError;

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960, mx: 'auto' }} elevation={2}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('accounts.profile.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('accounts.profile.intro')}
      </Typography>
      {profile.data && data.data ? (
        // Later refetches (e.g. after a language switch) must not reset what is being edited.
        <ProfileForm key={profile.data.user_id} profile={profile.data} data={data.data} uiLanguageId={uiLanguageId} />
      ) : failed ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void profile.refetch();
                void data.refetch();
              }}
            >
              {t('accounts.common.retry')}
            </Button>
          }
        >
          {t('accounts.common.loadFailed')}
        </Alert>
      ) : (
        <PageSpinner />
      )}
    </Paper>
  );
}
