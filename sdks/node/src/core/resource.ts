import type { APIClient } from './apiClient.js';

/** A group of endpoints; it only describes them and leaves sending to the client's core. */
export abstract class APIResource {
  protected readonly _client: APIClient;

  constructor(client: APIClient) {
    this._client = client;
  }
}
