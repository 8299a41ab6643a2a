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

export class APIPromise<T> implements PromiseLike<T> {
  private parsed: Promise<T> | undefined;

  constructor(
    private readonly responsePromise: Promise<APIResponse>,
    private readonly transform: (body: unknown) => T = (body) => body as T,
  ) {}

  /** A promise of a result derived from this one's (resources unwrap `{data}` with it). */
  _thenUnwrap<U>(fn: (value: T) => U): APIPromise<U> {
    return new APIPromise(this.responsePromise, (body) => fn(this.transform(body)));
  }

  /** The raw Response (status, headers); its body has been read already. */
  asResponse(): Promise<Response> {
    return this.responsePromise.then((r) => r.response);
  }

  /** The result and the Response it came in. */
  async withResponse(): Promise<{ data: T; response: Response }> {
    const [data, response] = await Promise.all([this.parse(), this.asResponse()]);
    return { data, response };
  }

  private parse(): Promise<T> {
    this.parsed ??= this.responsePromise.then((r) => this.transform(r.body));
    return this.parsed;
  }

  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.parse().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.parse().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.parse().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
