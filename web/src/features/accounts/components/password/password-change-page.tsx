/**
 * /pwdchange — the four password steps of spec/1 §4 in a stepper: 1 e-mail, 2 the mailed code,
 * 3 the new password, 4 finished. Logged out it is the reset of the login page (source 1), logged
 * in the change from the menu (source 2); the source is fixed when the wizard opens, because the
 * reset ends by logging in.
 *
 * The step lives in the URL (`?step=2`) and the e-mail in the history entry's state, so Back goes to
 * the previous step, Forward returns to the code step without asking for a second code, and a
 * reload keeps the step. A step whose inputs are gone (the one-time token after a reload) falls
 * back to the last step that can still be shown.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Paper, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useFeedback } from '@/components/feedback/feedback';
import { useSession } from '@/lib/auth';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { FinishedStep, type PasswordSource } from './finished-step';
import { NewPasswordStep } from './new-password-step';
import { reachableStep, wizardStepOf, type WizardProgress } from './wizard-steps';

const steps = ['email', 'code', 'password', 'finished'] as const;

const emailOfHistory = (state: unknown): string =>
  typeof state === 'object' && state !== null && typeof (state as { email?: unknown }).email === 'string'
    ? (state as { email: string }).email
    : '';

export function PasswordChangePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const [source] = useState<PasswordSource>(() => (user ? 'change' : 'reset'));
  const [loggedUserEmail] = useState(() => user?.email);
  const [progress, setProgress] = useState<Omit<WizardProgress, 'email'> & { password: string }>({ token: '', finished: false, password: '' });
  const email = emailOfHistory(location.state) || '';
  const wanted = wizardStepOf(search.get('step'));
  const step = reachableStep(wanted, { email, token: progress.token, finished: progress.finished });
  const title = t(source === 'change' ? 'accounts.pwd.titleChange' : 'accounts.pwd.titleReset');
  useBreadcrumbs([{ label: title }]);

  // The address shows the step the user really is on.
  useEffect(() => {
    if (step !== wanted) void navigate({ search: step === 1 ? '' : `?step=${step}` }, { replace: true, state: location.state });
  }, [step, wanted, navigate, location.state]);

  const goTo = (next: number, nextEmail = email) => void navigate({ search: `?step=${next}` }, { state: { email: nextEmail } });

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto' }} elevation={2}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Stepper activeStep={step - 1} alternativeLabel sx={{ my: 3 }} data-testid="pwd-stepper">
        {steps.map((name, index) => (
          <Step key={name} completed={index < step - 1 || step === steps.length}>
            <StepLabel>{t(`accounts.pwd.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <div data-testid={`pwd-step-${step}`}>
        {step === 1 && (
          <EmailStep
            initialEmail={email || user?.email || ''}
            {...(loggedUserEmail ? { loggedUserEmail } : {})}
            onSent={(sentTo) => goTo(2, sentTo)}
          />
        )}
        {step === 2 && (
          <CodeStep
            email={email}
            onConfirmed={(token) => {
              setProgress((p) => ({ ...p, token }));
              goTo(3);
            }}
            onNewCode={() => {
              feedback.clear();
              goTo(1);
            }}
          />
        )}
        {step === 3 && (
          <NewPasswordStep
            email={email}
            token={progress.token}
            onChanged={(password) => {
              setProgress({ token: '', finished: true, password });
              // Back from 'finished' skips the used token's step.
              void navigate({ search: '?step=4' }, { replace: true, state: { email } });
            }}
          />
        )}
        {step === 4 && <FinishedStep source={source} email={email} password={progress.password} />}
      </div>
    </Paper>
  );
}
