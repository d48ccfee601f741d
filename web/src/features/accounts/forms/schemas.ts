/**
 * Form schemas of the accounts screens, built from the shared request schemas so the browser checks
 * the same rules with the same messages as the server (spec/1 §5). Form-only fields (password
 * confirmation) are added here; the payload fields keep the server's names so a 400's field errors
 * land on the right inputs.
 */
import { z } from 'zod';
import { accountMessages, password, profileChangeRequest, registerRequest, resetCode, resetEmail } from '@lectio/shared';

/** Adds "Password and confirmation must be match." on the confirmation field. */
function confirmed<S extends z.ZodType<Record<string, unknown>>>(schema: S, field: string, confirmation: string) {
  return schema.refine((values) => values[field] === values[confirmation], {
    path: [confirmation],
    message: accountMessages.passwordMatch,
    // Zod skips object refinements once a field failed; the mismatch should show together with them.
    when: (payload) => {
      const values = payload.value as Record<string, unknown>;
      return typeof values[field] === 'string' && typeof values[confirmation] === 'string';
    },
  });
}

// ---------- registration ----------

export const registerFormSchema = confirmed(
  registerRequest.omit({ client_secret: true }).extend({ passwConfirm: z.string() }),
  'passw',
  'passwConfirm',
);

/** What the registration inputs hold; selects hold null until chosen. */
export interface PersonalFormValues {
  name: string;
  surname: string;
  nick: string;
  age: number;
  country: number | null;
  lang: number;
  group: string;
  content_type_id: number | null;
}

export interface RegisterFormValues extends PersonalFormValues {
  email: string;
  passw: string;
  passwConfirm: string;
}
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

// ---------- profile ----------

export const profileFormSchema = profileChangeRequest;

export interface ProfileFormValues extends PersonalFormValues {
  theme_id: number;
}
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

// ---------- password steps ----------

/** Step 1; when logged in the address must be the logged user's own (spec/1 §5). */
export const resetEmailFormSchema = (loggedUserEmail?: string) =>
  z.object({
    mail: resetEmail.refine(
      (mail) => !loggedUserEmail || mail.toLowerCase() === loggedUserEmail.trim().toLowerCase(),
      accountMessages.notLoggedUserEmail,
    ),
  });
export interface ResetEmailFormValues {
  mail: string;
}

/** Step 2: the three parts joined by dashes. */
export const resetCodeFormSchema = z.object({ code: resetCode });

/** Step 3. */
export const newPasswordFormSchema = confirmed(
  z.object({ passwd: password, passwdConfirm: z.string() }),
  'passwd',
  'passwdConfirm',
);
export interface NewPasswordFormValues {
  passwd: string;
  passwdConfirm: string;
}
