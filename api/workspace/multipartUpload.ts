/**
 * Reads a `multipart/form-data` upload with busboy while it arrives: text fields are collected,
 * and the one part named `file` is handed on as a stream, so the file goes to its store with
 * backpressure and is never held in memory whole. When anything fails, the rest of the request
 * is read and thrown away (never stored), and the file consumer is stopped first, so a failed
 * upload leaves nothing behind by the time the error is answered.
 */
import type { Request } from 'express';
import busboy from 'busboy';
import type { Readable } from 'node:stream';
import { UnsupportedMediaTypeError, ValidationError } from '../../domain/errors.js';
import { faultOf, textFaultError } from '../http/textFaults.js';

export interface FilePart {
  file: Readable;
  /** The file name the client sent with the part ('' when none). */
  fileName: string;
  /** The fields sent before the file part. */
  fieldsBeforeFile: Record<string, string>;
  /** Every field, once the whole body is read (rejects when the body turns out bad). */
  allFields(): Promise<Record<string, string>>;
}

/** Form fields beside the file are short; more parts than this is not an upload form. */
const LIMITS = { files: 1, fields: 10, parts: 12, fieldSize: 4096, fieldNameSize: 100 };

export async function receiveFile<T>(
  req: Request,
  maxFileBytes: number,
  onFile: (part: FilePart) => Promise<T>,
): Promise<T> {
  if (!/^multipart\/form-data\b/i.test(req.get('content-type') ?? '')) {
    throw new UnsupportedMediaTypeError('Send the upload as multipart/form-data with the file in a field named "file"');
  }
  // A client that went away while the request was being authenticated has closed it already:
  // the watch for the close below would wait for one that has been and gone, and a destroyed
  // request hands no more bytes on, so the upload would be waited on forever. (A body a parser
  // read to its end is not aborted; it was refused above as not multipart.) Nothing yields
  // between this check and the watch, so a later close is seen there.
  if (req.readableAborted) throw new ValidationError('the upload was interrupted', 'file');
  let parser: busboy.Busboy;
  try {
    // One byte over the largest limit is enough for the store to see the file is too large.
    parser = busboy({ headers: req.headers, limits: { ...LIMITS, fileSize: maxFileBytes + 1 } });
  } catch (err) {
    throw new ValidationError(`the multipart body cannot be read: ${(err as Error).message}`, 'file');
  }
  // No prototype: a field named "__proto__" is then a field like any other (and refused as
  // unknown), rather than an assignment to the object's prototype that silently drops it.
  const fields: Record<string, string> = Object.create(null);
  let fieldsDone!: { resolve: (f: Record<string, string>) => void; reject: (err: Error) => void };
  const allFields = new Promise<Record<string, string>>((resolve, reject) => (fieldsDone = { resolve, reject }));
  allFields.catch(() => undefined);
  let current: Readable | null = null;
  let consumer: Promise<T> | null = null;

  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      fieldsDone.reject(err);
      current?.destroy();
      // Answer once the consumer has cleaned up after itself (or at once when there is none).
      (consumer ?? Promise.resolve()).then(
        () => reject(err),
        () => reject(err),
      );
    };
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new ValidationError(`${name} is too long`, name));
      // The JSON routes refuse such text in api/http/route.ts; a form field must not bring it in.
      const fault = faultOf(value);
      if (fault) return fail(textFaultError(name, fault));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // Refused already (a field before it): the rest of the body is read and thrown away.
      if (settled) return void stream.resume();
      if (name !== 'file') {
        stream.resume();
        return fail(new ValidationError(`${name}: send the file in a field named "file"`, name));
      }
      // Whoever reads the stream sees its errors; this keeps one that ends unread from crashing the process.
      stream.on('error', () => undefined);
      current = stream;
      consumer = onFile({
        file: stream,
        fileName: info.filename ?? '',
        fieldsBeforeFile: { ...fields },
        allFields: () => allFields,
      });
      consumer.then((out) => {
        settled = true;
        resolve(out);
      }, fail);
    });
    const tooMany = () =>
      fail(
        new ValidationError(
          'the form has too many parts: send one file and at most adUrl, adLabel, slideDuration',
          'file',
        ),
      );
    parser.on('filesLimit', tooMany).on('fieldsLimit', tooMany).on('partsLimit', tooMany);
    parser.on('error', (err: Error) =>
      fail(new ValidationError(`the multipart body is malformed: ${err.message}`, 'file')),
    );
    parser.on('close', () => {
      fieldsDone.resolve({ ...fields });
      if (!consumer) fail(new ValidationError('file is required', 'file'));
    });
    // A client that goes away mid-upload must not leave a half-written file waiting forever.
    req.on('close', () => {
      if (!req.complete) fail(new ValidationError('the upload was interrupted', 'file'));
    });
    req.pipe(parser);
  });
}
