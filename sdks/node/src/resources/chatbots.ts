/** The workspace's chatbots. */
import { ChatbotAgentResource } from './chatbotAgent.js';
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import { pathOf } from '../core/path.js';
import type { RequestOptions } from '../core/options.js';
import type { APIClient } from '../core/apiClient.js';
import { ChatbotFlow } from './chatbotFlow.js';
import type {
  Chatbot,
  ChatbotCreated,
  ChatbotCreateParams,
  ChatbotSummary,
  ChatbotUpdated,
  ChatbotUpdateParams,
  Deleted,
  Funnel,
  FunnelParams,
} from '../types.js';

type Wrapped<T> = { data: T };

export class Chatbots extends APIResource {
  readonly flow: ChatbotFlow;
  readonly agent: ChatbotAgentResource;

  constructor(client: APIClient) {
    super(client);
    this.flow = new ChatbotFlow(client);
    this.agent = new ChatbotAgentResource(client);
  }

  /** The workspace's chatbots, newest first. */
  list(options?: RequestOptions): APIPromise<ChatbotSummary[]> {
    return this._client.get<Wrapped<ChatbotSummary[]>>('/chatbots', undefined, options)._thenUnwrap((r) => r.data);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<Chatbot> {
    return this._client.get<Wrapped<Chatbot>>(pathOf`/chatbots/${id}`, undefined, options)._thenUnwrap((r) => r.data);
  }

  /** Subject to the plan's chatbot cap (PermissionDeniedError when reached). */
  create(params: ChatbotCreateParams, options?: RequestOptions): APIPromise<ChatbotCreated> {
    return this._client.post<Wrapped<ChatbotCreated>>('/chatbots', params, options)._thenUnwrap((r) => r.data);
  }

  /** Only the given fields change. */
  update(id: string, params: ChatbotUpdateParams, options?: RequestOptions): APIPromise<ChatbotUpdated> {
    return this._client
      .put<Wrapped<ChatbotUpdated>>(pathOf`/chatbots/${id}`, params, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Permanent; the chatbot's webhooks go with it. */
  delete(id: string, options?: RequestOptions): APIPromise<Deleted> {
    return this._client.delete<Deleted>(pathOf`/chatbots/${id}`, options);
  }

  /** A copy named "<name> (copy)"; subject to the plan's chatbot cap. */
  duplicate(id: string, options?: RequestOptions): APIPromise<ChatbotCreated> {
    return this._client
      .post<Wrapped<ChatbotCreated>>(pathOf`/chatbots/${id}/duplicate`, undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  /**
   * How the conversations of one published flow version went over the last `days` UTC days
   * (default 30): per step how many reached it and stopped there, and the outcomes.
   * `version` defaults to the newest.
   */
  funnel(id: string, params: FunnelParams = {}, options?: RequestOptions): APIPromise<Funnel> {
    return this._client
      .get<Wrapped<Funnel>>(pathOf`/chatbots/${id}/funnel`, params, options)
      ._thenUnwrap((r) => r.data);
  }
}
