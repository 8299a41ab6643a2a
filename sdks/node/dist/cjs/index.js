"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.VERSION = exports.ALREADY_DELETED_MESSAGE = exports.signedWebhookHeaders = exports.verifyWebhook = exports.ServerSentEventParser = exports.ResponseExport = exports.ChatAnswerStream = exports.APIPromise = exports.CursorPagePromise = exports.CursorPage = exports.PagePromise = exports.Page = exports.WebhookVerificationError = exports.APIUserAbortError = exports.APITimeoutError = exports.APIConnectionError = exports.UnexpectedResponseError = exports.InternalServerError = exports.RateLimitError = exports.UnprocessableEntityError = exports.ConflictError = exports.NotFoundError = exports.PermissionDeniedError = exports.AuthenticationError = exports.BadRequestError = exports.APIError = exports.InvalidArgumentError = exports.ConfabError = exports.Confab = void 0;
/**
 * @confab/sdk: the official Node.js client of the Confab External API.
 *
 *   import Confab from '@confab/sdk';
 *   const client = new Confab();            // CONFAB_API_KEY, CONFAB_BASE_URL
 *   const bots = await client.chatbots.list();
 */
const client_js_1 = require("./client.js");
Object.defineProperty(exports, "Confab", { enumerable: true, get: function () { return client_js_1.Confab; } });
exports.default = client_js_1.Confab;
var errors_js_1 = require("./core/errors.js");
Object.defineProperty(exports, "ConfabError", { enumerable: true, get: function () { return errors_js_1.ConfabError; } });
Object.defineProperty(exports, "InvalidArgumentError", { enumerable: true, get: function () { return errors_js_1.InvalidArgumentError; } });
Object.defineProperty(exports, "APIError", { enumerable: true, get: function () { return errors_js_1.APIError; } });
Object.defineProperty(exports, "BadRequestError", { enumerable: true, get: function () { return errors_js_1.BadRequestError; } });
Object.defineProperty(exports, "AuthenticationError", { enumerable: true, get: function () { return errors_js_1.AuthenticationError; } });
Object.defineProperty(exports, "PermissionDeniedError", { enumerable: true, get: function () { return errors_js_1.PermissionDeniedError; } });
Object.defineProperty(exports, "NotFoundError", { enumerable: true, get: function () { return errors_js_1.NotFoundError; } });
Object.defineProperty(exports, "ConflictError", { enumerable: true, get: function () { return errors_js_1.ConflictError; } });
Object.defineProperty(exports, "UnprocessableEntityError", { enumerable: true, get: function () { return errors_js_1.UnprocessableEntityError; } });
Object.defineProperty(exports, "RateLimitError", { enumerable: true, get: function () { return errors_js_1.RateLimitError; } });
Object.defineProperty(exports, "InternalServerError", { enumerable: true, get: function () { return errors_js_1.InternalServerError; } });
Object.defineProperty(exports, "UnexpectedResponseError", { enumerable: true, get: function () { return errors_js_1.UnexpectedResponseError; } });
Object.defineProperty(exports, "APIConnectionError", { enumerable: true, get: function () { return errors_js_1.APIConnectionError; } });
Object.defineProperty(exports, "APITimeoutError", { enumerable: true, get: function () { return errors_js_1.APITimeoutError; } });
Object.defineProperty(exports, "APIUserAbortError", { enumerable: true, get: function () { return errors_js_1.APIUserAbortError; } });
Object.defineProperty(exports, "WebhookVerificationError", { enumerable: true, get: function () { return errors_js_1.WebhookVerificationError; } });
var pagination_js_1 = require("./core/pagination.js");
Object.defineProperty(exports, "Page", { enumerable: true, get: function () { return pagination_js_1.Page; } });
Object.defineProperty(exports, "PagePromise", { enumerable: true, get: function () { return pagination_js_1.PagePromise; } });
var cursorPagination_js_1 = require("./core/cursorPagination.js");
Object.defineProperty(exports, "CursorPage", { enumerable: true, get: function () { return cursorPagination_js_1.CursorPage; } });
Object.defineProperty(exports, "CursorPagePromise", { enumerable: true, get: function () { return cursorPagination_js_1.CursorPagePromise; } });
var apiPromise_js_1 = require("./core/apiPromise.js");
Object.defineProperty(exports, "APIPromise", { enumerable: true, get: function () { return apiPromise_js_1.APIPromise; } });
var chatAnswerStream_js_1 = require("./resources/chatAnswerStream.js");
Object.defineProperty(exports, "ChatAnswerStream", { enumerable: true, get: function () { return chatAnswerStream_js_1.ChatAnswerStream; } });
var responseExport_js_1 = require("./resources/responseExport.js");
Object.defineProperty(exports, "ResponseExport", { enumerable: true, get: function () { return responseExport_js_1.ResponseExport; } });
var serverSentEvents_js_1 = require("./core/serverSentEvents.js");
Object.defineProperty(exports, "ServerSentEventParser", { enumerable: true, get: function () { return serverSentEvents_js_1.ServerSentEventParser; } });
var webhookVerification_js_1 = require("./webhookVerification.js");
Object.defineProperty(exports, "verifyWebhook", { enumerable: true, get: function () { return webhookVerification_js_1.verify; } });
Object.defineProperty(exports, "signedWebhookHeaders", { enumerable: true, get: function () { return webhookVerification_js_1.signedHeaders; } });
var apiClient_js_1 = require("./core/apiClient.js");
Object.defineProperty(exports, "ALREADY_DELETED_MESSAGE", { enumerable: true, get: function () { return apiClient_js_1.ALREADY_DELETED_MESSAGE; } });
var version_js_1 = require("./version.js");
Object.defineProperty(exports, "VERSION", { enumerable: true, get: function () { return version_js_1.VERSION; } });

module.exports = Object.defineProperties(exports.default, Object.getOwnPropertyDescriptors(exports));
