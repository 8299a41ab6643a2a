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
import { webhookVerification } from './webhookVerification.js';
import * as Errors from './core/errors.js';

export class Confab extends APIClient {
  /** Webhook verification without a client: `Confab.webhooks.verify(rawBody, headers, secret)`. */
  static readonly webhooks = webhookVerification;

  static readonly ConfabError = Errors.ConfabError;
  static readonly InvalidArgumentError = Errors.InvalidArgumentError;
  static readonly APIError = Errors.APIError;
  static readonly BadRequestError = Errors.BadRequestError;
  static readonly AuthenticationError = Errors.AuthenticationError;
  static readonly PermissionDeniedError = Errors.PermissionDeniedError;
  static readonly NotFoundError = Errors.NotFoundError;
  static readonly ConflictError = Errors.ConflictError;
  static readonly UnprocessableEntityError = Errors.UnprocessableEntityError;
  static readonly RateLimitError = Errors.RateLimitError;
  static readonly InternalServerError = Errors.InternalServerError;
  static readonly UnexpectedResponseError = Errors.UnexpectedResponseError;
  static readonly APIConnectionError = Errors.APIConnectionError;
  static readonly APITimeoutError = Errors.APITimeoutError;
  static readonly APIUserAbortError = Errors.APIUserAbortError;
  static readonly WebhookVerificationError = Errors.WebhookVerificationError;

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

  constructor(options: ClientOptions = {}) {
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
