import type { APIClient } from './apiClient.js';
/** A group of endpoints; it only describes them and leaves sending to the client's core. */
export declare abstract class APIResource {
    protected readonly _client: APIClient;
    constructor(client: APIClient);
}
