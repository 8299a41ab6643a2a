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

const USER_STREAM_PREFIX = 'user-';

/** The user's stream: registration, profile, email changes and password. */
export const userStream = (userId: string): string => `${USER_STREAM_PREFIX}${userId}`;

/** The user whose stream `streamId` is (for events whose payload does not name it). */
export const userIdOfStream = (streamId: string): string => streamId.slice(USER_STREAM_PREFIX.length);
