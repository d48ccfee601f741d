/**
 * Form schemas of the accounts screens, built from the shared request schemas so the browser checks
 * the same rules with the same messages as the server (spec/1 §5). Form-only fields (password
 * confirmation) are added here; the payload fields keep the server's names so a 400's field errors
 * land on the right inputs.
 */
import { z } from 'zod';
import {
  accountMessages,
  password,
  personalFields,
  profileChangeRequest,
  registerRequest,
  resetCode,
  resetEmail,
  themeId,
} from '@lectio/shared';

/**
 * What a form input holds, declared on the schema: the registry's numeric fields accept anything
 * (numbers may arrive as strings), so their input type says nothing; the form's inputs hold `T`
 * (a select holds null until chosen). The value goes to the registry's schema unchanged.
 */
const holds =
  <T>() =>
  <S extends z.ZodType>(schema: S) =>
    z.preprocess((value: T) => value, schema);

/** The personal fields of registration and profile, as their inputs hold them. */
const personalInputs = {
  age: holds<number>()(personalFields.age),
  country: holds<number | null>()(personalFields.country),
  lang: holds<number>()(personalFields.lang),
  content_type_id: holds<number | null>()(personalFields.content_type_id),
};

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
  registerRequest.omit({ client_secret: true }).extend({ ...personalInputs, passwConfirm: z.string() }),
  'passw',
  'passwConfirm',
);

export type RegisterFormOutput = z.output<typeof registerFormSchema>;

// ---------- profile ----------

export const profileFormSchema = profileChangeRequest.extend({ ...personalInputs, theme_id: holds<number>()(themeId) });

export type ProfileFormValues = z.input<typeof profileFormSchema>;
/** What the personal inputs hold (registration and profile). */
export type PersonalFormValues = Omit<ProfileFormValues, 'theme_id'>;
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

/** Step 2: the three parts joined by dashes. */
export const resetCodeFormSchema = z.object({ code: resetCode });

/** Step 3. */
export const newPasswordFormSchema = confirmed(
  z.object({ passwd: password, passwdConfirm: z.string() }),
  'passwd',
  'passwdConfirm',
);
