/**
 * /pwdchange — the four password steps of spec/1 §4 in a stepper: 1 e-mail, 2 the mailed code,
 * 3 the new password, 4 finished. Logged out it is the reset of the login page (source 1), logged
 * in the change from the menu (source 2); the source is fixed when the wizard opens, because the
 * reset ends by logging in.
 */
import { useState } from 'react';
import { Paper, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useFeedback } from '@/components/feedback/feedback';
import { useSession } from '@/lib/auth';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { FinishedStep, type PasswordSource } from './finished-step';
import { NewPasswordStep } from './new-password-step';

const steps = ['email', 'code', 'password', 'finished'] as const;

interface WizardState {
  step: number;
  email: string;
  token: string;
  password: string;
}

export function PasswordChangePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const [source] = useState<PasswordSource>(() => (user ? 'change' : 'reset'));
  const [loggedUserEmail] = useState(() => user?.email);
  const [state, setState] = useState<WizardState>(() => ({ step: 0, email: user?.email ?? '', token: '', password: '' }));
  const title = t(source === 'change' ? 'accounts.pwd.titleChange' : 'accounts.pwd.titleReset');
  useBreadcrumbs([{ label: title }]);

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto' }} elevation={2}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Stepper activeStep={state.step} alternativeLabel sx={{ my: 3 }} data-testid="pwd-stepper">
        {steps.map((step, index) => (
          <Step key={step} completed={index < state.step || state.step === steps.length - 1}>
            <StepLabel>{t(`accounts.pwd.steps.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <div data-testid={`pwd-step-${state.step + 1}`}>
        {state.step === 0 && (
          <EmailStep
            initialEmail={state.email}
            {...(loggedUserEmail ? { loggedUserEmail } : {})}
            onSent={(email) => setState((s) => ({ ...s, step: 1, email }))}
          />
        )}
        {state.step === 1 && (
          <CodeStep
            email={state.email}
            onConfirmed={(token) => setState((s) => ({ ...s, step: 2, token }))}
            onNewCode={() => {
              feedback.clear();
              setState((s) => ({ ...s, step: 0 }));
            }}
          />
        )}
        {state.step === 2 && (
          <NewPasswordStep
            email={state.email}
            token={state.token}
            onChanged={(password) => setState((s) => ({ ...s, step: 3, token: '', password }))}
          />
        )}
        {state.step === 3 && <FinishedStep source={source} email={state.email} password={state.password} />}
      </div>
    </Paper>
  );
}
