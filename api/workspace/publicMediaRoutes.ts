/**
 * Serves an uploaded login background at its `mediaUrl` (public; docs/branding.md): with its
 * content type, byte ranges (video players seek with them), and a year of caching, since the
 * bytes behind an id never change (a new upload is a new id). Every answer says what it is
 * (nosniff) and may be embedded by login pages on other origins; an SVG is additionally
 * sandboxed by its own CSP, so even opened directly it can never run script.
 */
import type { Request, Response, Router } from 'express';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '../../domain/errors.js';
import { SVG_CONTENT_TYPE } from '../../domain/media/mediaFormats.js';
import { MEDIA_ITEMS, type MediaItemDoc } from '../../projections/views/mediaItemsView.js';
import type { ByteRange } from '../../infrastructure/media/mediaStore.js';
import { addRoute } from '../http/route.js';
import { notModified } from '../http/conditionalGet.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';
import { publicMediaParams } from './mediaSchemas.js';

export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One byte range when the request asks for one we can give. A malformed header, several
 * ranges, or an If-Range for other bytes get the whole file, as RFC 9110 allows.
 */
function rangeOf(req: Request, size: number, etag: string): RangeAnswer {
  if (!req.get('range')) return { kind: 'whole' };
  const ifRange = req.get('if-range');
  if (ifRange && ifRange !== etag) return { kind: 'whole' };
  const ranges = req.range(size, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === undefined || ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return { kind: 'whole' };
  return { kind: 'part', range: { start: ranges[0].start, end: ranges[0].end } };
}

function setMediaHeaders(res: Response, doc: MediaItemDoc, etag: string): void {
  res.setHeader('Content-Type', doc.contentType);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('ETag', etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (doc.contentType === SVG_CONTENT_TYPE) res.setHeader('Content-Security-Policy', SVG_CSP);
}

export function publicMediaRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: Pick<WorkspaceApiDeps, 'views' | 'mediaStore'>,
): void {
  const { views, mediaStore } = deps;
  const binary = { type: 'string', format: 'binary' };

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/public/media/:mediaId',
      tags: ['Login media'],
      security: 'none',
      params: publicMediaParams,
      summary:
        'The file of a login background item (public; its mediaUrl): Range requests, cached for a year; SVG served with a sandboxing CSP',
      responses: {
        200: {
          description: 'The whole file, with its content type',
          contentType: 'application/octet-stream',
          schema: binary,
        },
        206: { description: 'One byte range (Content-Range)', contentType: 'application/octet-stream', schema: binary },
        304: { description: 'Not modified (If-None-Match)' },
        404: { description: 'No such item (or it was deleted)' },
        416: { description: 'The range lies outside the file (Content-Range: bytes */size)' },
      },
    },
    async ({ params, req, res }) => {
      const doc = await views.get(MEDIA_ITEMS, params.mediaId);
      const stat = doc ? await mediaStore.stat(doc.storageKey) : null;
      if (!doc || !stat) throw new NotFoundError('Media not found');
      const etag = `"${doc.id}"`;
      if (notModified(req, res, etag)) {
        setMediaHeaders(res, doc, etag);
        return void res.status(304).end();
      }
      const answer = rangeOf(req, stat.size, etag);
      if (answer.kind === 'unsatisfiable') {
        // An error, not the file: none of the file's headers (no year of caching for it).
        res.setHeader('Content-Range', `bytes */${stat.size}`);
        return void res
          .status(416)
          .json({ error: `Range not satisfiable: the file has ${stat.size} bytes`, code: 'RANGE_NOT_SATISFIABLE' });
      }
      setMediaHeaders(res, doc, etag);
      const range = answer.kind === 'part' ? answer.range : undefined;
      const body = await mediaStore.open(doc.storageKey, range);
      if (!body) throw new NotFoundError('Media not found');
      if (range) {
        res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
      }
      res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : stat.size));
      if (req.method === 'HEAD') {
        body.destroy();
        return void res.end();
      }
      // A viewer that leaves mid-video ends the stream; nothing to answer any more.
      await pipeline(body, res).catch(() => res.destroy());
    },
  );
}
