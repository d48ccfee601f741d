/**
 * The account texts of spec/1 §5 (validation and outcome messages), kept apart from the zod schemas of
 * account-fields.ts so a screen that only shows them does not load zod.
 */
export const accountMessages = {
  required: 'The value is required',
  nameLength: 'The value must be 2-40 characters',
  nameTooShort: 'Name is too short.',
  surnameTooShort: 'Surname is too short.',
  yob: 'Please set your age - content is dependent on age too.',
  emailRequired: 'E-mail is required',
  emailInvalid: 'E-mail must be valid',
  emailCharacters: 'Unsupported character in email address (a-z, A-Z, 0-9, !#$%&*+-/=?^_`{|}~)',
  emailShort: 'Email address is missing or too short.',
  passwordMin: 'Min 5 characters',
  passwordMatch: 'Password and confirmation must be match.',
  resetEmailInvalid: 'Invalid email address.',
  notLoggedUserEmail: 'This is not email of logged user.',
  registered: 'Please check your mailbox and confirm registration (check the spam folder too).',
  resetMailSent: 'Please check your mailbox and confirm password change (check the spam folder too).',
  emailUsed: (email: string) => `Email "${email}" is used. Registration was aborted.`,
  dataSaved: 'Data saved.',
} as const;
