/**
 * What every method returns (the OpenAI SDK's shape): await it for the result, or ask for the
 * HTTP answer too with `.withResponse()`, e.g. for the RateLimit-* and X-Quota-* headers or
 * `Idempotent-Replayed`.
 *
 *   const bot = await client.chatbots.create({ name: 'Bot' });
 *   const { data, response } = await client.chatbots.create({ name: 'Bot' }).withResponse();
 *   response.headers.get('x-quota-remaining');
 */
/** The final answer of a request: its Response (body already read) and the parsed body. */
export interface APIResponse {
    response: Response;
    body: unknown;
}
export declare class APIPromise<T> implements PromiseLike<T> {
    private readonly responsePromise;
    private readonly transform;
    private parsed;
    constructor(responsePromise: Promise<APIResponse>, transform?: (body: unknown) => T);
    /** A promise of a result derived from this one's (resources unwrap `{data}` with it). */
    _thenUnwrap<U>(fn: (value: T) => U): APIPromise<U>;
    /** The raw Response (status, headers); its body has been read already. */
    asResponse(): Promise<Response>;
    /** The result and the Response it came in. */
    withResponse(): Promise<{
        data: T;
        response: Response;
    }>;
    private parse;
    then<R1 = T, R2 = never>(onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2>;
    catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R>;
    finally(onfinally?: (() => void) | null): Promise<T>;
    get [Symbol.toStringTag](): string;
}
