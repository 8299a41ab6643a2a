/** `new Confab(options)`: the core client with one property per resource (the External API's resources, and `workspace` for the workspace branding endpoints). */
import { APIClient } from './core/apiClient.js';
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
import { webhookVerification } from './webhookVerification.js';
import * as Errors from './core/errors.js';
export class Confab extends APIClient {
    /** Webhook verification without a client: `Confab.webhooks.verify(rawBody, headers, secret)`. */
    static webhooks = webhookVerification;
    static ConfabError = Errors.ConfabError;
    static InvalidArgumentError = Errors.InvalidArgumentError;
    static APIError = Errors.APIError;
    static BadRequestError = Errors.BadRequestError;
    static AuthenticationError = Errors.AuthenticationError;
    static PermissionDeniedError = Errors.PermissionDeniedError;
    static NotFoundError = Errors.NotFoundError;
    static ConflictError = Errors.ConflictError;
    static UnprocessableEntityError = Errors.UnprocessableEntityError;
    static RateLimitError = Errors.RateLimitError;
    static InternalServerError = Errors.InternalServerError;
    static UnexpectedResponseError = Errors.UnexpectedResponseError;
    static APIConnectionError = Errors.APIConnectionError;
    static APITimeoutError = Errors.APITimeoutError;
    static APIUserAbortError = Errors.APIUserAbortError;
    static WebhookVerificationError = Errors.WebhookVerificationError;
    chatbots;
    responses;
    analytics;
    webhooks;
    modelConnections;
    /** Knowledge sources for AI agents (docs/knowledge.md). */
    knowledge;
    account;
    usage;
    /** The workspace endpoints beside the External API: slug, branding, organization, ad analytics. */
    workspace;
    /** The visitor chat API (public; what the widget uses): sessions and messages, streamed or whole. */
    chat;
    constructor(options = {}) {
        super(options);
        this.chatbots = new Chatbots(this);
        this.responses = new Responses(this);
        this.analytics = new Analytics(this);
        this.webhooks = new Webhooks(this);
        this.modelConnections = new ModelConnections(this);
        this.knowledge = new Knowledge(this);
        this.account = new Account(this);
        this.usage = new Usage(this);
        this.workspace = new Workspace(this);
        this.chat = new Chat(this);
    }
}
