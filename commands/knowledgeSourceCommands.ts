/**
 * Knowledge source commands (docs/knowledge.md): add pasted text, an uploaded file or a URL;
 * reindex; delete; and the indexer's reports. The content of text and file sources is stored
 * beside the log before the source's first event, and a job for each revision is enqueued after
 * it (the indexer's reconcile enqueues any the process died before enqueuing). Plan limits
 * (sources, total size) are counted on the view, so two creates at the same moment may pass
 * them by one, which is harmless for a soft limit.
 */
import type { Readable } from 'node:stream';
import { ConflictError, PayloadTooLargeError, PlanLimitError, ValidationError } from '../domain/errors.js';
import {
  type KnowledgeCounts,
  type KnowledgeSourceCommand,
  type KnowledgeSourceDescription,
  type KnowledgeSourceState,
  knowledgeSourceDecider,
  knowledgeSourceStream,
} from '../domain/knowledge/knowledgeSource.js';
import {
  MAX_SOURCE_FILE_BYTES,
  optionalSourceTitle,
  titleOfUrl,
  validateSitemapFlag,
  validateSourceText,
  validateSourceTitle,
  validateSourceUrl,
} from '../domain/knowledge/knowledgeSourceFields.js';
import { formatOfUpload } from '../domain/knowledge/sourceFormat.js';
import type { KnowledgeLimits } from '../domain/plans.js';
import type { ChunkStore } from '../infrastructure/knowledge/chunkStore.js';
import type { KnowledgeJobs } from '../infrastructure/knowledge/knowledgeJobs.js';
import type { SourceContentStore } from '../infrastructure/knowledge/sourceContentStore.js';
import {
  assertResolvesToPublicAddress,
  type Resolver,
  systemResolver,
} from '../infrastructure/webhooks/addressGuard.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import { newId } from './ids.js';
import { bodyObject } from './jsonBody.js';

type WorkspaceContext = CommandContext & { workspaceId: string };

/** A source as created, and when (null: an earlier run of the same request made it). */
export interface CreatedKnowledgeSource {
  sourceId: string;
  state: KnowledgeSourceState;
  at: string | null;
  recovered?: boolean;
}

/** An upload as the route hands it over (api/workspace/multipartUpload.ts). */
export interface KnowledgeUpload {
  file: Readable;
  fileName: string;
  allFields(): Promise<Record<string, string>>;
}

export interface KnowledgeSourceCommandsDeps {
  aggregates: AggregateStore;
  contents: SourceContentStore;
  jobs: KnowledgeJobs;
  chunks: ChunkStore;
  /** Hosts a URL source may reach though private (WEBHOOK_ALLOW_HOSTS, as for webhooks). */
  allowHosts: readonly string[];
  resolver?: Resolver;
  limitsOf(workspaceId: string): Promise<KnowledgeLimits>;
  /** The workspace's sources now: how many, and their bytes together (the view). */
  holdingsOf(workspaceId: string): Promise<{ sources: number; bytes: number }>;
  /** Tells the indexer a job is waiting (it also polls). */
  wake(): void;
}

const MB = 1024 * 1024;

/** Reads an uploaded file whole, refusing it once it passes `max` bytes. */
async function readUpload(file: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      file.resume();
      throw new PayloadTooLargeError(`file must be at most ${max / MB} MB`);
    }
    parts.push(chunk);
  }
  if ((file as Readable & { truncated?: boolean }).truncated)
    throw new PayloadTooLargeError(`file must be at most ${max / MB} MB`);
  return Buffer.concat(parts);
}

export class KnowledgeSourceCommands {
  private readonly resolver: Resolver;

  constructor(private readonly deps: KnowledgeSourceCommandsDeps) {
    this.resolver = deps.resolver ?? systemResolver;
  }

  async load(sourceId: string): Promise<KnowledgeSourceState> {
    return (await this.deps.aggregates.load(knowledgeSourceStream(sourceId), knowledgeSourceDecider)).state;
  }

  private handle(sourceId: string, command: KnowledgeSourceCommand, ctx: CommandContext) {
    return this.deps.aggregates.handle(knowledgeSourceStream(sourceId), knowledgeSourceDecider, command, ctx);
  }

  /** The plan's caps on sources and total size, with `addedBytes` about to be stored. */
  private async checkLimits(workspaceId: string, addedBytes: number): Promise<void> {
    const limits = await this.deps.limitsOf(workspaceId);
    const held = await this.deps.holdingsOf(workspaceId);
    if (limits.sources !== null && held.sources >= limits.sources)
      throw new PlanLimitError(
        `The plan allows ${limits.sources} knowledge sources; delete one you no longer need or upgrade the plan`,
      );
    if (limits.totalBytes !== null && held.bytes + addedBytes > limits.totalBytes)
      throw new PlanLimitError(
        `The plan allows ${Math.round(limits.totalBytes / MB)} MB of knowledge in all and this workspace holds ${(held.bytes / MB).toFixed(1)} MB; delete a source or upgrade the plan`,
      );
  }

  /** An earlier run of the same request (same Idempotency-Key) made this source: answered again. */
  private async earlier(newIdOpt: string | undefined, workspaceId: string): Promise<CreatedKnowledgeSource | null> {
    if (!newIdOpt) return null;
    const state = await this.load(newIdOpt);
    if (state.status === 'none') return null;
    if (state.status !== 'deleted' && state.workspaceId === workspaceId)
      return { sourceId: newIdOpt, state, at: null, recovered: true };
    throw new ConflictError(
      'The knowledge source an earlier request with this Idempotency-Key created has since been deleted; use a new key',
    );
  }

  private async add(
    sourceId: string,
    description: KnowledgeSourceDescription,
    ctx: WorkspaceContext,
  ): Promise<CreatedKnowledgeSource> {
    const created = await this.handle(
      sourceId,
      { type: 'AddKnowledgeSource', source: { sourceId, workspaceId: ctx.workspaceId, ...description } },
      ctx,
    );
    await this.deps.jobs.enqueue(sourceId, ctx.workspaceId, created.state.revision);
    this.deps.wake();
    return { sourceId, state: created.state, at: created.occurredAt ?? null };
  }

  /** A JSON create: `{type: 'text', title, text}` or `{type: 'url', url, sitemap?, title?}`. */
  async create(body: unknown, ctx: WorkspaceContext, opts: { newId?: string } = {}): Promise<CreatedKnowledgeSource> {
    const b = bodyObject(body);
    if (b.type === 'text') {
      for (const key of Object.keys(b))
        if (!['type', 'title', 'text'].includes(key))
          throw new ValidationError(`${key} is not a field of a text source`, key);
      const title = validateSourceTitle(b.title);
      const bytes = Buffer.from(validateSourceText(b.text), 'utf8');
      const again = await this.earlier(opts.newId, ctx.workspaceId);
      if (again) return again;
      await this.checkLimits(ctx.workspaceId, bytes.length);
      const sourceId = opts.newId ?? newId();
      await this.deps.contents.put(sourceId, ctx.workspaceId, { bytes, format: 'markdown' });
      return this.add(
        sourceId,
        {
          type: 'text',
          title,
          titleGiven: true,
          url: null,
          sitemap: false,
          fileName: null,
          format: 'markdown',
          sizeBytes: bytes.length,
        },
        ctx,
      );
    }
    if (b.type === 'url') {
      for (const key of Object.keys(b))
        if (!['type', 'title', 'url', 'sitemap'].includes(key))
          throw new ValidationError(`${key} is not a field of a URL source`, key);
      const url = validateSourceUrl(b.url, this.deps.allowHosts);
      const sitemap = validateSitemapFlag(b.sitemap);
      const title = optionalSourceTitle(b.title);
      await assertResolvesToPublicAddress(new URL(url).hostname, this.deps.allowHosts, this.resolver, 'url');
      const again = await this.earlier(opts.newId, ctx.workspaceId);
      if (again) return again;
      await this.checkLimits(ctx.workspaceId, 0);
      return this.add(
        opts.newId ?? newId(),
        {
          type: 'url',
          title: title ?? titleOfUrl(url),
          titleGiven: title !== null,
          url,
          sitemap,
          fileName: null,
          format: null,
          sizeBytes: 0,
        },
        ctx,
      );
    }
    throw new ValidationError(
      "type must be 'text' or 'url' (send a file as multipart/form-data with a field named file)",
      'type',
    );
  }

  /** A multipart upload: the file (Markdown, text, HTML, PDF, DOCX) and an optional title. */
  async upload(
    part: KnowledgeUpload,
    ctx: WorkspaceContext,
    opts: { newId?: string } = {},
  ): Promise<CreatedKnowledgeSource> {
    const bytes = await readUpload(part.file, MAX_SOURCE_FILE_BYTES);
    const fields = await part.allFields();
    for (const key of Object.keys(fields))
      if (key !== 'title') throw new ValidationError(`${key} is not a field of an upload (send file and title)`, key);
    if (bytes.length === 0) throw new ValidationError('file is empty', 'file');
    const fileName = part.fileName.slice(0, 255);
    const format = formatOfUpload(fileName, bytes.subarray(0, 1024));
    const title =
      optionalSourceTitle(fields.title) ?? (fileName.trim() ? validateSourceTitle(fileName) : 'Untitled file');
    const again = await this.earlier(opts.newId, ctx.workspaceId);
    if (again) return again;
    await this.checkLimits(ctx.workspaceId, bytes.length);
    const sourceId = opts.newId ?? newId();
    await this.deps.contents.put(sourceId, ctx.workspaceId, { bytes, format });
    return this.add(
      sourceId,
      {
        type: 'file',
        title,
        titleGiven: fields.title !== undefined && fields.title !== '',
        url: null,
        sitemap: false,
        fileName: fileName || null,
        format,
        sizeBytes: bytes.length,
      },
      ctx,
    );
  }

  async reindex(sourceId: string, ctx: WorkspaceContext): Promise<KnowledgeSourceState> {
    const { state } = await this.handle(
      sourceId,
      { type: 'ReindexKnowledgeSource', workspaceId: ctx.workspaceId },
      ctx,
    );
    await this.deps.jobs.enqueue(sourceId, ctx.workspaceId, state.revision);
    this.deps.wake();
    return state;
  }

  /** Deletes the source, its stored content and its chunks (no later job stores them again). */
  async delete(sourceId: string, ctx: WorkspaceContext): Promise<void> {
    await this.handle(sourceId, { type: 'DeleteKnowledgeSource', workspaceId: ctx.workspaceId }, ctx);
    await this.removeLeftovers(sourceId);
  }

  /**
   * Removes what a deleted source held: its chunks, its stored content, then its job row, last,
   * so a crash midway leaves the row for the sweep of deleted sources to finish the work.
   */
  async removeLeftovers(sourceId: string): Promise<void> {
    await this.deps.chunks.remove(sourceId);
    await this.deps.contents.remove(sourceId);
    await this.deps.jobs.remove(sourceId);
  }

  // The indexer's reports (as the system actor), each about one revision; a stale one changes nothing.

  async startProcessing(sourceId: string, revision: number, ctx: CommandContext): Promise<void> {
    await this.handle(sourceId, { type: 'StartKnowledgeProcessing', revision }, ctx);
  }

  async recordIndexed(
    sourceId: string,
    report: KnowledgeCounts & { revision: number; sizeBytes: number; title?: string },
    ctx: CommandContext,
  ): Promise<void> {
    await this.handle(sourceId, { type: 'RecordKnowledgeIndexed', ...report }, ctx);
  }

  async recordFailed(sourceId: string, revision: number, error: string, ctx: CommandContext): Promise<void> {
    await this.handle(sourceId, { type: 'RecordKnowledgeFailed', revision, error }, ctx);
  }
}
