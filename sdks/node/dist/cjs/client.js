"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Confab = void 0;
/** `new Confab(options)`: the core client with one property per resource (the External API's resources, and `workspace` for the workspace branding endpoints). */
const apiClient_js_1 = require("./core/apiClient.js");
const account_js_1 = require("./resources/account.js");
const analytics_js_1 = require("./resources/analytics.js");
const chatbots_js_1 = require("./resources/chatbots.js");
const chat_js_1 = require("./resources/chat.js");
const responses_js_1 = require("./resources/responses.js");
const usage_js_1 = require("./resources/usage.js");
const webhooks_js_1 = require("./resources/webhooks.js");
const modelConnections_js_1 = require("./resources/modelConnections.js");
const knowledge_js_1 = require("./resources/knowledge.js");
const workspace_js_1 = require("./resources/workspace.js");
const webhookVerification_js_1 = require("./webhookVerification.js");
const Errors = require("./core/errors.js");
class Confab extends apiClient_js_1.APIClient {
    /** Webhook verification without a client: `Confab.webhooks.verify(rawBody, headers, secret)`. */
    static webhooks = webhookVerification_js_1.webhookVerification;
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
        this.chatbots = new chatbots_js_1.Chatbots(this);
        this.responses = new responses_js_1.Responses(this);
        this.analytics = new analytics_js_1.Analytics(this);
        this.webhooks = new webhooks_js_1.Webhooks(this);
        this.modelConnections = new modelConnections_js_1.ModelConnections(this);
        this.knowledge = new knowledge_js_1.Knowledge(this);
        this.account = new account_js_1.Account(this);
        this.usage = new usage_js_1.Usage(this);
        this.workspace = new workspace_js_1.Workspace(this);
        this.chat = new chat_js_1.Chat(this);
    }
}
exports.Confab = Confab;
