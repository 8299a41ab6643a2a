/**
 * The events of a streamed answer's body, as they arrive. Each wait for the next chunk may take
 * the request's timeout (a stream that falls silent is an APITimeoutError, not a hang); the
 * caller's signal aborts it (APIUserAbortError); a connection that breaks is an
 * APIConnectionError. Stopping early (a `break` out of the loop) closes the connection.
 */
import { APIConnectionError, APITimeoutError, APIUserAbortError } from './errors.js';
import { ServerSentEventParser, type ServerSentEvent } from './serverSentEvents.js';

type Reader = ReadableStreamDefaultReader<Uint8Array>;

export async function readWithin(reader: Reader, timeoutMs: number, signal: AbortSignal | undefined) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new APITimeoutError({ message: 'The answer stream fell silent.' })), timeoutMs);
  });
  try {
    return await Promise.race([reader.read(), silence]);
  } catch (cause) {
    if (cause instanceof APITimeoutError) throw cause;
    if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason ?? cause });
    throw new APIConnectionError({ message: 'The answer stream was cut.', cause });
  } finally {
    clearTimeout(timer);
  }
}

export async function* readServerSentEvents(
  response: Response,
  timeoutMs: number,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new ServerSentEventParser();
  try {
    for (;;) {
      if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
      const { done, value } = await readWithin(reader, timeoutMs, signal);
      if (done) {
        yield* parser.push(decoder.decode());
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    // Ended, failed or left early: let the connection go either way.
    reader.cancel().catch(() => {});
  }
}
