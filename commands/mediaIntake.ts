/**
 * Turns an upload stream into what the MediaStore keeps: its format is decided from the first
 * bytes before anything is written (415 otherwise), and the rest flows on with backpressure,
 * so a 100 MB video never sits in memory. An SVG is the exception: it is read whole (at most
 * the image limit) because it is cleaned as a document before it is stored. While it arrives
 * it is read as XML, so one that is malformed or over a complexity limit is refused (415) right
 * there; the cleaning itself runs in a worker thread (svgCleaner.ts), never on this one.
 */
import { PassThrough, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TooManyRequestsError, UnsupportedMediaTypeError } from '../domain/errors.js';
import {
  acceptedFormat,
  byteLimitOf,
  SVG_CONTENT_TYPE,
  tooLarge,
  type MediaFormat,
  type MediaLimits,
} from '../domain/media/mediaFormats.js';
import { SNIFF_BYTES, sniffMediaType } from '../infrastructure/media/mediaSniffer.js';
import { svgCleaner, SvgCleanerBusyError, type SvgCleaner } from '../infrastructure/media/svgCleaner.js';
import { SvgReader, SvgRefusedError, type SvgLimits } from '../infrastructure/media/svgReader.js';

export interface InspectedUpload {
  format: MediaFormat;
  /** The bytes to store: the whole upload, or the cleaned SVG. */
  body: Readable;
  /** The most `body` may hold for its kind. */
  maxBytes: number;
}

const cutShort = () => new Error('the upload stream closed before its end');

/** Runs `fn` once the source is given up before its end (the client went away), even if it already was. */
function onCutShort(source: Readable, fn: () => void): () => void {
  const check = () => {
    if (!source.readableEnded) fn();
  };
  if (source.destroyed) queueMicrotask(check);
  else source.once('close', check);
  return () => source.off('close', check);
}

/**
 * Reads until `bytes` are in hand or the stream ends, then pauses it: what was read is the
 * head, and the stream goes on from where it stopped.
 */
function readHead(source: Readable, bytes: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const detach = () => {
      source.off('data', onData).off('end', onEnd).off('error', onError);
      stopWatching();
    };
    const settle = (ended: boolean) => {
      detach();
      resolve({ head: Buffer.concat(chunks), ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) {
        source.pause();
        settle(false);
      }
    };
    const onEnd = () => settle(true);
    const onError = (err: Error) => {
      detach();
      reject(err);
    };
    const stopWatching = onCutShort(source, () => onError(cutShort()));
    source.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

/**
 * The head followed by the rest of the source. A source that fails, or is given up without an
 * error (the client went away), fails the body too: pipe() alone would leave it waiting forever.
 */
function rejoin(head: Buffer, source: Readable, ended: boolean): Readable {
  if (ended) return Readable.from([head], { objectMode: false });
  const body = new PassThrough();
  body.write(head);
  source.once('error', (err) => body.destroy(err));
  onCutShort(source, () => body.destroy(cutShort()));
  source.pipe(body);
  return body;
}

/** The most text the XML reader takes in one go before letting other work run. */
const SCAN_SLICE = 64 * 1024;

/**
 * Reads an SVG upload whole, reading it as XML as it arrives: a file over a limit or not
 * well-formed is refused as soon as that shows, without reading the rest. The reading is linear
 * and done in slices between which other requests get their turn, even when the chunks are
 * already buffered (for-await then runs on microtasks, which would never let them in).
 */
async function readSvg(
  body: Readable,
  maxBytes: number,
  onTooLarge: () => Error,
  svgLimits: SvgLimits,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  let sinceTurn = 0;
  const reader = new SvgReader(svgLimits);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of body) {
      length += (chunk as Buffer).length;
      if (length > maxBytes) throw onTooLarge();
      chunks.push(chunk as Buffer);
      const text = decoder.write(chunk as Buffer);
      for (let at = 0; at < text.length; at += SCAN_SLICE) {
        if (sinceTurn >= SCAN_SLICE) {
          await nextTurn();
          sinceTurn = 0;
        }
        const slice = text.slice(at, at + SCAN_SLICE);
        reader.write(slice);
        sinceTurn += slice.length;
      }
    }
    reader.write(decoder.end());
    reader.close();
  } catch (err) {
    body.destroy();
    throw err;
  }
  return Buffer.concat(chunks);
}

/** The cleaner's refusals as the errors the HTTP layer answers with. */
async function cleanSvg(original: Buffer, cleaner: SvgCleaner, tenant?: string): Promise<string | null> {
  try {
    return await cleaner.clean(original, tenant);
  } catch (err) {
    if (err instanceof SvgRefusedError) throw new UnsupportedMediaTypeError(err.message, err.code);
    if (err instanceof SvgCleanerBusyError) throw new TooManyRequestsError(err.message, err.retryAfterSeconds);
    throw err;
  }
}

export interface InspectOptions {
  /** The uploading workspace: its SVG files are cleaned within its share of the cleaner. */
  workspaceId?: string;
  /** Cleans SVG files: the process's own cleaner unless a test brings one with other limits. */
  svg?: SvgCleaner;
}

export async function inspectUpload(
  source: Readable,
  limits: MediaLimits,
  { workspaceId, svg = svgCleaner }: InspectOptions = {},
): Promise<InspectedUpload> {
  const { head, ended } = await readHead(source, SNIFF_BYTES);
  if (head.length === 0) throw new UnsupportedMediaTypeError('file is empty');
  const format = acceptedFormat(await sniffMediaType(head));
  const maxBytes = byteLimitOf(format.mediaType, limits);
  const body = rejoin(head, source, ended);
  if (format.contentType !== SVG_CONTENT_TYPE) return { format, body, maxBytes };
  const original = await readSvg(body, maxBytes, () => tooLarge(format.mediaType, limits), svg.limits).catch(
    (err: unknown) => {
      throw err instanceof SvgRefusedError ? new UnsupportedMediaTypeError(err.message, err.code) : err;
    },
  );
  const clean = await cleanSvg(original, svg, workspaceId);
  if (!clean)
    throw new UnsupportedMediaTypeError(
      'file is an SVG document with nothing drawable left after removing scripts and external content',
    );
  return { format, body: Readable.from([Buffer.from(clean, 'utf8')], { objectMode: false }), maxBytes };
}
