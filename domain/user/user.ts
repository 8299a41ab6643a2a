/**
 * The user aggregate (stream `user-<id>`): a workspace owner. Registration here; the profile
 * and the email-change flow evolve the same stream.
 */
import type { DomainEvent } from '../event.js';
import { ConflictError } from '../errors.js';

export type UserRegistered = DomainEvent<
  'UserRegistered',
  { userId: string; workspaceId: string; email: string; name: string; passwordHash: string | null; timezone: string }
>;

export interface UserRegistration {
  exists: boolean;
  email: string | null;
  workspaceId: string | null;
}

export const initialUserRegistration: UserRegistration = { exists: false, email: null, workspaceId: null };

export function decideRegister(
  command: Omit<UserRegistered['data'], never>,
  state: UserRegistration,
): UserRegistered[] {
  if (state.exists) throw new ConflictError('User already exists');
  return [{ type: 'UserRegistered', data: command }];
}

export function evolveRegistration(state: UserRegistration, event: DomainEvent): UserRegistration {
  if (event.type === 'UserRegistered') {
    const data = event.data as UserRegistered['data'];
    return { exists: true, email: data.email, workspaceId: data.workspaceId };
  }
  if (event.type === 'EmailChanged') return { ...state, email: (event.data as { newEmail: string }).newEmail };
  return state;
}
