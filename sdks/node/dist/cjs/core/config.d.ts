import type { ClientOptions, RequestOptions } from './options.js';
export declare const DEFAULT_BASE_URL = "http://localhost:3000/api/v1";
export declare const DEFAULT_MAX_RETRIES = 3;
export declare const DEFAULT_TIMEOUT_MS = 60000;
export interface ResolvedConfig {
    apiKey: string;
    baseURL: string;
    maxRetries: number;
    timeout: number;
    fetch: typeof fetch;
    defaultHeaders: Record<string, string>;
}
export declare function validRetries(value: unknown, what?: string): number;
export declare function validTimeout(value: unknown, what?: string): number;
/**
 * Header names lowercased, so that a caller's `X-API-Key` or `Idempotency-Key` replaces the
 * SDK's header rather than going beside it (fetch joins two spellings into one "a, b" value).
 */
export declare function lowercaseNames(headers: Record<string, string> | undefined): Record<string, string>;
export declare function resolveConfig(options: ClientOptions): ResolvedConfig;
/** A request's own overrides, checked before anything is sent. */
export declare function checkRequestOptions(options: RequestOptions): void;
