/** The dashboard API key endpoints' answers (api/dashboard/apiKeysRoutes.ts). */
export interface ApiKey {
  id: string;
  prefix: string;
  role: 'admin' | 'member';
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
  revokedAt: string | null;
}

export const SCOPE_HINTS: Record<string, string> = {
  read: 'GET requests: chatbots, responses, analytics, usage',
  write: 'Create, change and delete (includes read)',
  'account:write': "The owner's three-step email change",
};
