/** The Members API answers (CONTRACT §6, sign-in module). */
export type Role = 'admin' | 'member';

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  isOwner: boolean;
}

export interface Invite {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
}

export interface MembersList {
  members: Member[];
  invites: Invite[];
}
