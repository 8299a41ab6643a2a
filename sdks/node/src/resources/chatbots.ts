/** Chatbots (seed: Endpoints → Chatbots). */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/apiClient.js';
import type { RequestOptions } from '../core/options.js';
import type { Chatbot, ChatbotCreated, ChatbotCreateParams, ChatbotSummary, ChatbotUpdated, ChatbotUpdateParams, Deleted } from '../types.js';

type Wrapped<T> = { data: T };

export class Chatbots extends APIResource {
  /** The workspace's chatbots, newest first. */
  async list(options?: RequestOptions): Promise<ChatbotSummary[]> {
    return (await this._client.get<Wrapped<ChatbotSummary[]>>('/chatbots', undefined, options)).data;
  }

  async retrieve(id: string, options?: RequestOptions): Promise<Chatbot> {
    return (await this._client.get<Wrapped<Chatbot>>(pathOf`/chatbots/${id}`, undefined, options)).data;
  }

  /** Subject to the plan's chatbot cap (PermissionDeniedError when reached). */
  async create(params: ChatbotCreateParams, options?: RequestOptions): Promise<ChatbotCreated> {
    return (await this._client.post<Wrapped<ChatbotCreated>>('/chatbots', params, options)).data;
  }

  /** Only the given fields change. */
  async update(id: string, params: ChatbotUpdateParams, options?: RequestOptions): Promise<ChatbotUpdated> {
    return (await this._client.put<Wrapped<ChatbotUpdated>>(pathOf`/chatbots/${id}`, params, options)).data;
  }

  /** Permanent; the chatbot's webhooks go with it. */
  delete(id: string, options?: RequestOptions): Promise<Deleted> {
    return this._client.delete<Deleted>(pathOf`/chatbots/${id}`, options);
  }

  /** A copy named "<name> (copy)"; subject to the plan's chatbot cap. */
  async duplicate(id: string, options?: RequestOptions): Promise<ChatbotCreated> {
    return (await this._client.post<Wrapped<ChatbotCreated>>(pathOf`/chatbots/${id}/duplicate`, undefined, options)).data;
  }
}
