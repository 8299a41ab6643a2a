/**
 * @confab/sdk: the official Node.js client of the Confab External API.
 *
 *   import Confab from '@confab/sdk';
 *   const client = new Confab();            // CONFAB_API_KEY, CONFAB_BASE_URL
 *   const bots = await client.chatbots.list();
 */
import { Confab } from './client.js';
export default Confab;
export { Confab };
export { ConfabError, APIError, BadRequestError, AuthenticationError, PermissionDeniedError, NotFoundError, ConflictError, UnprocessableEntityError, RateLimitError, InternalServerError, APIConnectionError, APITimeoutError, APIUserAbortError, WebhookVerificationError, } from './core/errors.js';
export { Page, PagePromise } from './core/pagination.js';
export { APIPromise } from './core/apiPromise.js';
export { verify as verifyWebhook, signedHeaders as signedWebhookHeaders } from './webhookVerification.js';
export { VERSION } from './version.js';
