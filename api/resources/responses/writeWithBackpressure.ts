/**
 * Writes to an HTTP answer at the pace the client reads: when `write` reports a full buffer,
 * waits for 'drain' before the next chunk, so a slow download never piles the export up in
 * memory. Answers false once the client has gone (the rest would be written to no one).
 */
import type { Response } from 'express';

function drained(res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (open: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(open);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

export async function writeWithBackpressure(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (res.write(chunk)) return true;
  return drained(res);
}
