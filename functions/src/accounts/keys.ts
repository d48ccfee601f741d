/** Key builders of the accounts domain: users, e-mail uniqueness, one-time tokens and codes, registration groups. */
import { keys, pad } from '../platform/db/keys';

const email = (address: string) => address.trim().toLowerCase();

export const accountKeys = {
  user: keys.userProfile,
  /** The user's partition (profile, courses, messages, grants … by sort key). */
  userPartition: (id: number) => `USER#${id}`,
  /** Uniqueness item of an e-mail; holds the user id (strongly consistent lookup). */
  email: (address: string) => ({ pk: `EMAIL#${email(address)}`, sk: 'EMAIL' }),
  confirmation: (address: string) => ({ pk: `CONFIRM#${email(address)}`, sk: 'TOKEN' }),
  resetCode: (address: string) => ({ pk: `RESET#${email(address)}`, sk: 'CODE' }),
  resetToken: (address: string) => ({ pk: `RESET#${email(address)}`, sk: 'TOKEN' }),
  registrationGroup: (id: number) => ({ pk: 'REGDATA', sk: `GROUP#${pad(id, 6)}` }),
  registrationGroups: () => ({ pk: 'REGDATA', prefix: 'GROUP#' }),
};
