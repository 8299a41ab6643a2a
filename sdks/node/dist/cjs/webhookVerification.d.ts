import type { WebhookEvent } from './types.js';
/** Node's IncomingHttpHeaders, a plain object, or a fetch Headers. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;
export interface VerifyOptions {
    /** Largest allowed distance between webhook-timestamp and now, in seconds. Default 300. */
    tolerance?: number;
    /** The current time in milliseconds (tests). */
    now?: number;
    /**
     * Accept a delivery signed only with `x-webhook-signature` (no `webhook-signature`). Off by
     * default: that signature covers the body alone, so such a request has no replay protection.
     */
    allowBodyOnlySignature?: boolean;
}
export declare const DEFAULT_TOLERANCE_SECONDS = 300;
/**
 * Checks a delivery's signatures and returns its parsed event; throws WebhookVerificationError
 * when a signature is missing or wrong, the timestamp is outside the tolerance, or the body is
 * not JSON. Pass the body exactly as received, before any JSON parsing.
 */
export declare function verify(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options?: VerifyOptions): WebhookEvent;
/**
 * The headers Confab would send for `rawBody`, for testing a receiver without a real delivery
 * (like Stripe's generateTestHeaderString).
 */
export declare function signedHeaders(rawBody: string | Uint8Array, secret: string, opts?: {
    id?: string;
    timestamp?: number;
    event?: string;
}): Record<string, string>;
/** `Confab.webhooks` (and `client.webhooks.verify`). */
export declare const webhookVerification: {
    verify: typeof verify;
    signedHeaders: typeof signedHeaders;
};
