/** Names of many users at once (the teaching tables' rows): one BatchGet of their profiles, names only. */
import { accountKeys } from './keys';
import { users } from './users';

export interface UserName {
  name: string;
  surname: string;
  nickname: string;
}

/** Profiles' names by user id (users that do not exist are left out). */
export async function userNamesByIds(ids: number[]): Promise<Map<number, UserName>> {
  const unique = [...new Set(ids)];
  const found = await users.batchGet(unique.map((id) => accountKeys.user(id)));
  return new Map(found.map((u) => [u.user_id, { name: u.name, surname: u.surname, nickname: u.nickname }]));
}
