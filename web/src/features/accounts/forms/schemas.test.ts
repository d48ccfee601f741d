import { describe, expect, it } from 'vitest';
import { accountMessages } from '@lectio/shared';
import { newPasswordFormSchema, registerFormSchema, resetEmailFormSchema } from './schemas';

const valid = {
  name: 'Ada',
  surname: 'Lovelace',
  nick: '',
  email: 'ada@example.com',
  passw: 'secret1',
  passwConfirm: 'secret1',
  age: 1990,
  country: 203,
  lang: 1,
  group: '',
  content_type_id: 2,
};

/** field → first message, as the form shows them. */
function errorsOf(values: Record<string, unknown>) {
  const result = registerFormSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('registration form rules (spec/1 §5)', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('requires name and surname and gives the submit messages under 2 characters', () => {
    expect(errorsOf({ ...valid, name: '', surname: '' })).toMatchObject({
      name: accountMessages.required,
      surname: accountMessages.required,
    });
    expect(errorsOf({ ...valid, name: 'A', surname: 'B' })).toMatchObject({
      name: 'Name is too short.',
      surname: 'Surname is too short.',
    });
    expect(errorsOf({ ...valid, name: 'x'.repeat(41) })).toMatchObject({ name: 'The value must be 2-40 characters' });
  });

  it('rejects the year 1940 and years outside the slider', () => {
    const message = 'Please set your age - content is dependent on age too.';
    expect(errorsOf({ ...valid, age: 1940 })).toMatchObject({ age: message });
    expect(errorsOf({ ...valid, age: 1939 })).toMatchObject({ age: message });
    expect(errorsOf({ ...valid, age: new Date().getFullYear() + 1 })).toMatchObject({ age: message });
    expect(errorsOf({ ...valid, age: 1941 })).toEqual({});
  });

  it.each([
    ['', 'E-mail is required'],
    ['a b@example.com', 'Unsupported character in email address (a-z, A-Z, 0-9, !#$%&*+-/=?^_`{|}~)'],
    ['ü@example.com', 'Unsupported character in email address (a-z, A-Z, 0-9, !#$%&*+-/=?^_`{|}~)'],
    ['a', 'Email address is missing or too short.'],
    ['ada.example.com', 'E-mail must be valid'],
  ])('e-mail %j → %s', (email, message) => {
    expect(errorsOf({ ...valid, email })).toMatchObject({ email: message });
  });

  it('needs 5 password characters and a matching confirmation, shown with the other errors', () => {
    expect(errorsOf({ ...valid, passw: 'abc', passwConfirm: 'abc' })).toMatchObject({ passw: 'Min 5 characters' });
    expect(errorsOf({ ...valid, name: '', passwConfirm: 'other' })).toMatchObject({
      name: accountMessages.required,
      passwConfirm: 'Password and confirmation must be match.',
    });
  });

  it('needs a country and a student type of 1 or 2', () => {
    expect(errorsOf({ ...valid, country: null, content_type_id: null })).toMatchObject({
      country: 'Choose a country',
      content_type_id: 'Choose a student type',
    });
    expect(errorsOf({ ...valid, content_type_id: 3 })).toMatchObject({ content_type_id: 'Choose a student type' });
  });
});

describe('password step rules', () => {
  it('checks the reset e-mail format and, when logged in, that it is the own address', () => {
    expect(resetEmailFormSchema().safeParse({ mail: 'nope' }).error?.issues[0]?.message).toBe('Invalid email address.');
    expect(resetEmailFormSchema().safeParse({ mail: 'x@example.com' }).success).toBe(true);
    const logged = resetEmailFormSchema('me@example.com');
    expect(logged.safeParse({ mail: 'other@example.com' }).error?.issues[0]?.message).toBe('This is not email of logged user.');
    expect(logged.safeParse({ mail: 'ME@example.com' }).success).toBe(true);
  });

  it('needs a new password of 5 characters, confirmed', () => {
    const message = (values: object) => newPasswordFormSchema.safeParse(values).error?.issues[0]?.message;
    expect(message({ passwd: 'abcd', passwdConfirm: 'abcd' })).toBe('Min 5 characters');
    expect(message({ passwd: 'abcde', passwdConfirm: 'abcdf' })).toBe('Password and confirmation must be match.');
    expect(message({ passwd: 'abcde', passwdConfirm: 'abcde' })).toBeUndefined();
  });
});
