/** A group of endpoints; it only describes them and leaves sending to the client's core. */
export class APIResource {
    _client;
    constructor(client) {
        this._client = client;
    }
}
