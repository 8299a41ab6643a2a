/** The Members API answers (docs/sign-in.md), from the OpenAPI types. */
import type { Answer } from '../../apiTypes.js';

export type MembersList = Answer<'/api/v1/dashboard/members', 'get'>;
export type Member = MembersList['members'][number];
export type Invite = MembersList['invites'][number];
export type Role = Member['role'];
