/** A user's profile as the account endpoints answer it, from the `users` view. */
import { NotFoundError } from '../../../domain/errors.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { USERS, type UserDoc } from '../../../projections/views/usersView.js';

export function profileOf(doc: UserDoc) {
  const { name, email, phone, dateOfBirth, address, timezone } = doc;
  return { name, email, phone: phone ?? null, dateOfBirth: dateOfBirth ?? null, address: address ?? null, timezone };
}

/** A user's profile, as `{data}`; 404 when there is none. */
export async function readProfile(views: Pick<ReadStoreReader, 'get'>, userId: string) {
  const doc = await views.get(USERS, userId);
  if (!doc) throw new NotFoundError('Account not found');
  return { data: profileOf(doc) };
}
