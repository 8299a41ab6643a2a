"use strict";
/**
 * What every method returns (the OpenAI SDK's shape): await it for the result, or ask for the
 * HTTP answer too with `.withResponse()`, e.g. for the RateLimit-* and X-Quota-* headers or
 * `Idempotent-Replayed`.
 *
 *   const bot = await client.chatbots.create({ name: 'Bot' });
 *   const { data, response } = await client.chatbots.create({ name: 'Bot' }).withResponse();
 *   response.headers.get('x-quota-remaining');
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.APIPromise = void 0;
class APIPromise {
    responsePromise;
    transform;
    parsed;
    constructor(responsePromise, transform = (body) => body) {
        this.responsePromise = responsePromise;
        this.transform = transform;
    }
    /** A promise of a result derived from this one's (resources unwrap `{data}` with it). */
    _thenUnwrap(fn) {
        return new APIPromise(this.responsePromise, (body) => fn(this.transform(body)));
    }
    /** The raw Response (status, headers); its body has been read already. */
    asResponse() {
        return this.responsePromise.then((r) => r.response);
    }
    /** The result and the Response it came in. */
    async withResponse() {
        const [data, response] = await Promise.all([this.parse(), this.asResponse()]);
        return { data, response };
    }
    parse() {
        this.parsed ??= this.responsePromise.then((r) => this.transform(r.body));
        return this.parsed;
    }
    then(onfulfilled, onrejected) {
        return this.parse().then(onfulfilled, onrejected);
    }
    catch(onrejected) {
        return this.parse().catch(onrejected);
    }
    finally(onfinally) {
        return this.parse().finally(onfinally);
    }
    get [Symbol.toStringTag]() {
        return 'APIPromise';
    }
}
exports.APIPromise = APIPromise;
