/** `new Confab(options)`: the core client with one property per resource (the External API's resources, and `workspace` for the workspace branding endpoints). */
import { APIClient } from './core/apiClient.js';
import type { ClientOptions } from './core/options.js';
import { Account } from './resources/account.js';
import { Analytics } from './resources/analytics.js';
import { Chatbots } from './resources/chatbots.js';
import { Chat } from './resources/chat.js';
import { Responses } from './resources/responses.js';
import { Usage } from './resources/usage.js';
import { Webhooks } from './resources/webhooks.js';
import { ModelConnections } from './resources/modelConnections.js';
import { Knowledge } from './resources/knowledge.js';
import { Workspace } from './resources/workspace.js';
import * as Errors from './core/errors.js';
export declare class Confab extends APIClient {
    /** Webhook verification without a client: `Confab.webhooks.verify(rawBody, headers, secret)`. */
    static readonly webhooks: {
        verify: typeof import("./webhookVerification.js").verify;
        signedHeaders: typeof import("./webhookVerification.js").signedHeaders;
    };
    static readonly ConfabError: typeof Errors.ConfabError;
    static readonly InvalidArgumentError: typeof Errors.InvalidArgumentError;
    static readonly APIError: typeof Errors.APIError;
    static readonly BadRequestError: typeof Errors.BadRequestError;
    static readonly AuthenticationError: typeof Errors.AuthenticationError;
    static readonly PermissionDeniedError: typeof Errors.PermissionDeniedError;
    static readonly NotFoundError: typeof Errors.NotFoundError;
    static readonly ConflictError: typeof Errors.ConflictError;
    static readonly UnprocessableEntityError: typeof Errors.UnprocessableEntityError;
    static readonly RateLimitError: typeof Errors.RateLimitError;
    static readonly InternalServerError: typeof Errors.InternalServerError;
    static readonly UnexpectedResponseError: typeof Errors.UnexpectedResponseError;
    static readonly APIConnectionError: typeof Errors.APIConnectionError;
    static readonly APITimeoutError: typeof Errors.APITimeoutError;
    static readonly APIUserAbortError: typeof Errors.APIUserAbortError;
    static readonly WebhookVerificationError: typeof Errors.WebhookVerificationError;
    readonly chatbots: Chatbots;
    readonly responses: Responses;
    readonly analytics: Analytics;
    readonly webhooks: Webhooks;
    readonly modelConnections: ModelConnections;
    /** Knowledge sources for AI agents (docs/knowledge.md). */
    readonly knowledge: Knowledge;
    readonly account: Account;
    readonly usage: Usage;
    /** The workspace endpoints beside the External API: slug, branding, organization, ad analytics. */
    readonly workspace: Workspace;
    /** The visitor chat API (public; what the widget uses): sessions and messages, streamed or whole. */
    readonly chat: Chat;
    constructor(options?: ClientOptions);
}
