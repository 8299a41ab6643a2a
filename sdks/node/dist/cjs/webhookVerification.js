"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.webhookVerification = exports.DEFAULT_TOLERANCE_SECONDS = void 0;
exports.verify = verify;
exports.signedHeaders = signedHeaders;
/**
 * Verifying a webhook delivery before trusting it. Confab signs every delivery twice with the
 * webhook's secret:
 *  - `x-webhook-signature`: lowercase hex HMAC-SHA256 of the raw body (the original scheme);
 *  - Standard Webhooks: `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature:
 *    v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, which also guards against replays.
 * Every scheme whose headers are present must check out, and comparisons are timing-safe. The
 * Standard Webhooks signature is required unless `allowBodyOnlySignature` is set: the body-only
 * signature covers the body alone (its `x-webhook-timestamp` is not signed), so a captured
 * delivery stripped down to it would verify at any age. Confab always sends both. The HMAC key is the secret string exactly as `webhooks.create`
 * returned it; a Standard Webhooks `whsec_<base64>` form of the key is accepted too.
 */
const node_crypto_1 = require("node:crypto");
const errors_js_1 = require("./core/errors.js");
exports.DEFAULT_TOLERANCE_SECONDS = 300;
const HEX_SHA256 = /^[0-9a-f]{64}$/i;
function header(headers, name) {
    if (typeof headers.get === 'function')
        return headers.get(name) ?? undefined;
    for (const [key, value] of Object.entries(headers)) {
        if (key.toLowerCase() === name)
            return Array.isArray(value) ? value.join(' ') : value;
    }
    return undefined;
}
function keyOf(secret) {
    if (typeof secret !== 'string' || !secret)
        throw new errors_js_1.WebhookVerificationError('No webhook secret given');
    return secret.startsWith('whsec_')
        ? Buffer.from(secret.slice('whsec_'.length), 'base64')
        : Buffer.from(secret, 'utf8');
}
function bodyBytes(rawBody) {
    if (typeof rawBody === 'string')
        return Buffer.from(rawBody, 'utf8');
    if (rawBody instanceof Uint8Array)
        return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
    throw new errors_js_1.WebhookVerificationError('The raw request body (string or Buffer) is needed to check the signature; a parsed JSON object cannot be verified. ' +
        'In Express use express.raw({ type: "application/json" }) on the webhook route.');
}
const hmac = (key, ...parts) => parts.reduce((h, p) => h.update(p), (0, node_crypto_1.createHmac)('sha256', key)).digest();
function safeEqual(a, b) {
    return a.length === b.length && (0, node_crypto_1.timingSafeEqual)(a, b);
}
function checkBodySignature(body, key, signature) {
    if (!HEX_SHA256.test(signature.trim()))
        throw new errors_js_1.WebhookVerificationError('x-webhook-signature is not a hex SHA-256 digest');
    if (!safeEqual(hmac(key, body), Buffer.from(signature.trim(), 'hex'))) {
        throw new errors_js_1.WebhookVerificationError('x-webhook-signature does not match the body: wrong secret or altered body');
    }
}
function checkStandardSignature(body, key, headers, signatures, options) {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    if (!id || !timestamp)
        throw new errors_js_1.WebhookVerificationError('webhook-signature needs webhook-id and webhook-timestamp headers');
    if (!/^\d{1,12}$/.test(timestamp))
        throw new errors_js_1.WebhookVerificationError('webhook-timestamp is not a Unix time in seconds');
    const tolerance = options.tolerance ?? exports.DEFAULT_TOLERANCE_SECONDS;
    const ageSeconds = Math.floor((options.now ?? Date.now()) / 1000) - Number(timestamp);
    if (ageSeconds > tolerance)
        throw new errors_js_1.WebhookVerificationError(`webhook-timestamp is ${ageSeconds} s old, more than the ${tolerance} s tolerance`);
    if (ageSeconds < -tolerance)
        throw new errors_js_1.WebhookVerificationError(`webhook-timestamp is ${-ageSeconds} s in the future, more than the ${tolerance} s tolerance`);
    const expected = hmac(key, Buffer.from(`${id}.${timestamp}.`, 'utf8'), body);
    let matched = false;
    // Several space-separated signatures during a key rotation; no early exit, so timing does
    // not tell which one matched.
    for (const entry of signatures.split(' ')) {
        const [version, value] = entry.split(',', 2);
        if (version === 'v1' && value && safeEqual(expected, Buffer.from(value, 'base64')))
            matched = true;
    }
    if (!matched)
        throw new errors_js_1.WebhookVerificationError('webhook-signature does not match: wrong secret or altered body, id or timestamp');
}
/**
 * Checks a delivery's signatures and returns its parsed event; throws WebhookVerificationError
 * when a signature is missing or wrong, the timestamp is outside the tolerance, or the body is
 * not JSON. Pass the body exactly as received, before any JSON parsing.
 */
function verify(rawBody, headers, secret, options = {}) {
    const body = bodyBytes(rawBody);
    const key = keyOf(secret);
    if (!headers || typeof headers !== 'object')
        throw new errors_js_1.WebhookVerificationError('No headers given');
    const bodyOnly = header(headers, 'x-webhook-signature');
    const standard = header(headers, 'webhook-signature');
    if (bodyOnly === undefined && standard === undefined) {
        throw new errors_js_1.WebhookVerificationError('No signature: expected an x-webhook-signature or webhook-signature header');
    }
    if (standard === undefined && !options.allowBodyOnlySignature) {
        // The same words as the Python SDK (test_webhook_parity.py compares them).
        throw new errors_js_1.WebhookVerificationError('No webhook-signature header: x-webhook-signature alone signs only the body, so a replayed request cannot be told apart ' +
            '(Confab always sends both; allow a body-only signature in the options to accept it anyway)');
    }
    if (standard !== undefined)
        checkStandardSignature(body, key, headers, standard, options);
    if (bodyOnly !== undefined)
        checkBodySignature(body, key, bodyOnly);
    try {
        return JSON.parse(body.toString('utf8'));
    }
    catch {
        throw new errors_js_1.WebhookVerificationError('The signed body is not valid JSON');
    }
}
/**
 * The headers Confab would send for `rawBody`, for testing a receiver without a real delivery
 * (like Stripe's generateTestHeaderString).
 */
function signedHeaders(rawBody, secret, opts = {}) {
    const body = bodyBytes(rawBody);
    const key = keyOf(secret);
    const id = opts.id ?? `msg_${crypto.randomUUID()}`;
    const seconds = Math.floor((opts.timestamp ?? Date.now()) / 1000);
    return {
        'content-type': 'application/json',
        ...(opts.event ? { 'x-webhook-event': opts.event } : {}),
        'x-webhook-timestamp': String(seconds * 1000),
        'x-webhook-signature': hmac(key, body).toString('hex'),
        'webhook-id': id,
        'webhook-timestamp': String(seconds),
        'webhook-signature': `v1,${hmac(key, Buffer.from(`${id}.${seconds}.`, 'utf8'), body).toString('base64')}`,
    };
}
/** `Confab.webhooks` (and `client.webhooks.verify`). */
exports.webhookVerification = { verify, signedHeaders };
