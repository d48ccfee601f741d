/**
 * Account field rules of spec/1 §5, as zod schemas shared by the registration and profile forms
 * (browser) and the accounts handlers (server): the same messages on both sides.
 */
import * as z from 'zod';
import { numeric } from '../registry';
import { NAME_MAX, NAME_MIN, PASSWORD_MIN, YOB_MIN } from '../constants';
import { accountMessages } from './account-messages';


/** Name or surname: required, 2-40 characters; `tooShort` is the submit message of §5. */
export const personName = (tooShort: string) =>
  z
    .string({ message: accountMessages.required })
    .trim()
    .min(1, accountMessages.required)
    .min(NAME_MIN, tooShort)
    .max(NAME_MAX, accountMessages.nameLength);

export const EMAIL_CHARACTERS = /^[a-zA-Z0-9!#$%&.@*+\-/=?^_`{|}~]*$/;
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Registration e-mail rules in the order of §5. */
export const registrationEmail = z
  .string({ message: accountMessages.emailRequired })
  .trim()
  .min(1, accountMessages.emailRequired)
  .max(254, accountMessages.emailInvalid)
  .refine((v) => EMAIL_CHARACTERS.test(v), accountMessages.emailCharacters)
  .refine((v) => v.length >= 2, accountMessages.emailShort)
  .refine((v) => EMAIL_SHAPE.test(v), accountMessages.emailInvalid);

/** The reset request's "standard format check". */
export const resetEmail = z
  .string({ message: accountMessages.resetEmailInvalid })
  .trim()
  .max(254, accountMessages.resetEmailInvalid)
  .email(accountMessages.resetEmailInvalid);

export const password = z
  .string({ message: accountMessages.required })
  .min(1, accountMessages.required)
  .min(PASSWORD_MIN, accountMessages.passwordMin)
  .max(200, 'The value must be at most 200 characters');

export const yearOfBirth = (currentYear = new Date().getFullYear()) =>
  numeric(z.number({ message: accountMessages.yob })
    .int(accountMessages.yob)
    .min(YOB_MIN, accountMessages.yob)
    .max(currentYear, accountMessages.yob)
    .refine((y) => y !== YOB_MIN, accountMessages.yob));

export const nickname = z.string().trim().max(NAME_MAX, accountMessages.nameLength).optional().default('');
export const countryId = numeric(z.number({ message: 'Choose a country' }).int('Choose a country').min(1, 'Choose a country').max(999, 'Choose a country'));
export const uiLanguageId = numeric(z.number({ message: 'Choose a language' }).int().min(1, 'Choose a language').max(8, 'Choose a language'));
export const studentType = numeric(z.number({ message: 'Choose a student type' })
  .int()
  .refine((v) => v === 1 || v === 2, 'Choose a student type'));
export const groupName = z.string().trim().max(60, 'The value must be at most 60 characters').optional().default('');
export const themeId = numeric(z.number({ message: 'Choose a theme' }).int().min(1, 'Choose a theme').max(4, 'Choose a theme'));

/** spec/1 §5: a nickname shorter than 2 characters becomes "name surname". */
export const effectiveNickname = (nick: string | undefined, name: string, surname: string) =>
  (nick ?? '').trim().length < NAME_MIN ? `${name.trim()} ${surname.trim()}` : (nick ?? '').trim();

/** The reset code: three parts joined by dashes, e.g. `K7PQ-2QXM-9MZA`. */
export const RESET_CODE_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
export const resetCode = z
  .string({ message: 'Enter the code from the mail' })
  .trim()
  .toUpperCase()
  .regex(RESET_CODE_PATTERN, 'Enter the code from the mail');
