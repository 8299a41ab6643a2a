"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.APIResource = void 0;
/** A group of endpoints; it only describes them and leaves sending to the client's core. */
class APIResource {
    _client;
    constructor(client) {
        this._client = client;
    }
}
exports.APIResource = APIResource;
