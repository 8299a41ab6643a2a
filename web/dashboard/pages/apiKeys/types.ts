/** The dashboard API key endpoints' answers (api/dashboard/apiKeysRoutes.ts), from the OpenAPI types. */
import type { Answer } from '../../apiTypes.js';

export type ApiKey = Answer<'/api/v1/dashboard/api-keys', 'get'>['data'][number];
/** A created key: the secret is shown once. */
export type CreatedApiKey = Answer<'/api/v1/dashboard/api-keys', 'post'>;

export const SCOPE_HINTS: Record<string, string> = {
  read: 'GET requests: chatbots, responses, analytics, usage',
  write: 'Create, change and delete (includes read)',
  'account:write': "The owner's three-step email change",
};
