/** Which step of the password wizard can be shown, from the URL's wish and what the wizard holds. */

export interface WizardProgress {
  /** The address the code was sent to (step 2 needs it). */
  email: string;
  /** The one-time token of a confirmed code (step 3 needs it). */
  token: string;
  /** The password was changed (step 4). */
  finished: boolean;
}

/** `?step=` as 1-4; anything else is step 1. */
export function wizardStepOf(value: string | null): number {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= 4 ? step : 1;
}

/**
 * The wanted step, or the last one before it whose inputs the wizard still has. Once the password
 * is changed the wizard is over: every step shows 'finished' (the code and token are used up).
 */
export function reachableStep(wanted: number, progress: WizardProgress): number {
  if (progress.finished) return 4;
  if (wanted >= 3 && progress.token && progress.email) return 3;
  if (wanted >= 2 && progress.email) return 2;
  return 1;
}
