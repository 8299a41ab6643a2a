/**
 * A visitor message answered as Server-Sent Events (docs/ai-agents.md, Streaming): `token`
 * events with each piece of the agent's text as it comes, then one `done` event with the JSON
 * the plain call answers. The stream opens with the first piece (or at the end), so an error
 * before it (an unknown session, a completed conversation) is still an ordinary JSON error.
 */
import type { Request, Response } from 'express';

/** The client asked for a stream. */
export const wantsEventStream = (req: Request): boolean =>
  (req.headers.accept ?? '').toLowerCase().includes('text/event-stream');

function open(res: Response): void {
  if (res.headersSent) return;
  res.status(200);
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  res.setHeader('cache-control', 'no-cache, no-transform');
  // Proxies that buffer (nginx) pass each event on at once.
  res.setHeader('x-accel-buffering', 'no');
  res.flushHeaders();
}

const eventText = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Runs `answer` with a sink for the pieces, then sends `done`. An error after the stream opened
 * is sent as an `error` event (the status line is gone by then); before it, it is thrown.
 */
export async function answerAsEventStream<T>(
  res: Response,
  answer: (onToken: (text: string) => void) => Promise<T>,
): Promise<void> {
  const onToken = (text: string) => {
    open(res);
    res.write(eventText('token', { text }));
  };
  let result: T;
  try {
    result = await answer(onToken);
  } catch (err) {
    if (!res.headersSent) throw err;
    res.end(eventText('error', { error: 'The answer could not be completed' }));
    return;
  }
  open(res);
  res.end(eventText('done', result));
}
