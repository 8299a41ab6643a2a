"use strict";
/** Options of the client and of each request. */
Object.defineProperty(exports, "__esModule", { value: true });
exports.EXTERNAL_PREFIX = void 0;
/** The External API's place below `baseURL` (`{base_url}/external/v1/…`). */
exports.EXTERNAL_PREFIX = '/external/v1';
