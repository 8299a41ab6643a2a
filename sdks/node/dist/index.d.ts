/**
 * @confab/sdk: the official Node.js client of the Confab External API.
 *
 *   import Confab from '@confab/sdk';
 *   const client = new Confab();            // CONFAB_API_KEY, CONFAB_BASE_URL
 *   const bots = await client.chatbots.list();
 */
import { Confab } from './client.js';
import type { components } from './generated/openapi.js';
export default Confab;
export { Confab };
export { ConfabError, InvalidArgumentError, APIError, BadRequestError, AuthenticationError, PermissionDeniedError, NotFoundError, ConflictError, UnprocessableEntityError, RateLimitError, InternalServerError, UnexpectedResponseError, APIConnectionError, APITimeoutError, APIUserAbortError, WebhookVerificationError, type ErrorBody, } from './core/errors.js';
export { Page, PagePromise, type PageBody } from './core/pagination.js';
export { CursorPage, CursorPagePromise, type CursorPageBody } from './core/cursorPagination.js';
export { APIPromise } from './core/apiPromise.js';
export { ChatAnswerStream } from './resources/chatAnswerStream.js';
export { ResponseExport } from './resources/responseExport.js';
export { ServerSentEventParser, type ServerSentEvent } from './core/serverSentEvents.js';
export type { ClientOptions, RequestOptions } from './core/options.js';
export { verify as verifyWebhook, signedHeaders as signedWebhookHeaders, type VerifyOptions, type WebhookHeaders, } from './webhookVerification.js';
export { ALREADY_DELETED_MESSAGE } from './core/apiClient.js';
export { VERSION } from './version.js';
export type * from './types.js';
export type { paths as OpenAPIPaths, operations as OpenAPIOperations, components as OpenAPIComponents, } from './generated/openapi.js';
/** Every named schema of the API by its name, e.g. `OpenAPISchemas['Chatbot']`. */
export type OpenAPISchemas = components['schemas'];
