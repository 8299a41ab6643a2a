/**
 * The knowledge source aggregate (stream `knowledge-source-<id>`): one document an agent may
 * answer from (pasted text, an uploaded file, a web page or a site's sitemap) and where its
 * indexing stands. The content itself is not in any event (it may be megabytes): the command
 * layer stores it beside the log, and the events carry what a person needs to follow the work.
 *
 * Every request to (re)build the index gets the next `revision`; the background indexer
 * reports per revision, and a report of a revision that is no longer current (reindexed or
 * deleted meanwhile) changes nothing. That is how a job "runs once per change".
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { unhandled } from '../unhandled.js';

export const KNOWLEDGE_SOURCE_TYPES = ['text', 'file', 'url'] as const;
export type KnowledgeSourceType = (typeof KNOWLEDGE_SOURCE_TYPES)[number];
export type KnowledgeSourceStatus = 'queued' | 'processing' | 'ready' | 'failed';

/** What the indexer found in a source: shown as its counts. */
export type KnowledgeCounts = { characters: number; chunks: number; pages: number };

// Type aliases, not interfaces: event data must be assignable to Record<string, unknown>.
export type KnowledgeSourceDescription = {
  type: KnowledgeSourceType;
  title: string;
  /** Whether the title was given; when not, the indexer may name the source after the page's own title. */
  titleGiven: boolean;
  /** URL sources: the page, or the sitemap when `sitemap`. */
  url: string | null;
  sitemap: boolean;
  /** File sources: the uploaded name and the kind read from it (pdf, docx, html, markdown, text). */
  fileName: string | null;
  format: string | null;
  /** Bytes stored for the source (text and files at once; URL sources once fetched). */
  sizeBytes: number;
};

type Ids = { sourceId: string; workspaceId: string };

export type KnowledgeSourceEvent =
  | DomainEvent<'KnowledgeSourceAdded', Ids & KnowledgeSourceDescription & { revision: number }>
  | DomainEvent<'KnowledgeSourceReindexRequested', Ids & { revision: number }>
  | DomainEvent<'KnowledgeSourceProcessingStarted', Ids & { revision: number }>
  | DomainEvent<
      'KnowledgeSourceIndexed',
      Ids & KnowledgeCounts & { revision: number; sizeBytes: number; title?: string }
    >
  | DomainEvent<'KnowledgeSourceFailed', Ids & { revision: number; error: string }>
  | DomainEvent<'KnowledgeSourceDeleted', Ids>;

export interface KnowledgeSourceState {
  status: 'none' | KnowledgeSourceStatus | 'deleted';
  sourceId: string | null;
  workspaceId: string | null;
  description: KnowledgeSourceDescription | null;
  revision: number;
}

export const initialKnowledgeSourceState: KnowledgeSourceState = {
  status: 'none',
  sourceId: null,
  workspaceId: null,
  description: null,
  revision: 0,
};

export type KnowledgeSourceCommand =
  | { type: 'AddKnowledgeSource'; source: Ids & KnowledgeSourceDescription }
  /** workspaceId: the requester's, which must own the source. */
  | { type: 'ReindexKnowledgeSource'; workspaceId: string }
  | { type: 'DeleteKnowledgeSource'; workspaceId: string }
  // The indexer's reports, each about one revision.
  | { type: 'StartKnowledgeProcessing'; revision: number }
  | ({ type: 'RecordKnowledgeIndexed'; revision: number; sizeBytes: number; title?: string } & KnowledgeCounts)
  | { type: 'RecordKnowledgeFailed'; revision: number; error: string };

const notFound = () => new NotFoundError('Knowledge source not found');
const live = (s: KnowledgeSourceState) => s.status !== 'none' && s.status !== 'deleted';

/** Whether an indexer's report is about the current revision of a source still waiting for it. */
const awaits = (s: KnowledgeSourceState, revision: number) =>
  (s.status === 'queued' || s.status === 'processing') && s.revision === revision;

export function decideKnowledgeSource(
  command: KnowledgeSourceCommand,
  state: KnowledgeSourceState,
): KnowledgeSourceEvent[] {
  if (command.type === 'AddKnowledgeSource') {
    if (state.status !== 'none') throw new ConflictError('Knowledge source already exists');
    return [{ type: 'KnowledgeSourceAdded', data: { ...command.source, revision: 1 } }];
  }
  const ids = { sourceId: state.sourceId!, workspaceId: state.workspaceId! };
  switch (command.type) {
    case 'ReindexKnowledgeSource':
    case 'DeleteKnowledgeSource':
      if (!live(state) || state.workspaceId !== command.workspaceId) throw notFound();
      if (command.type === 'DeleteKnowledgeSource') return [{ type: 'KnowledgeSourceDeleted', data: ids }];
      // Queued already: the coming run reads the content as it is now, so one more changes nothing.
      if (state.status === 'queued') return [];
      return [{ type: 'KnowledgeSourceReindexRequested', data: { ...ids, revision: state.revision + 1 } }];
    case 'StartKnowledgeProcessing':
      if (state.status !== 'queued' || state.revision !== command.revision) return [];
      return [{ type: 'KnowledgeSourceProcessingStarted', data: { ...ids, revision: command.revision } }];
    case 'RecordKnowledgeIndexed': {
      if (!awaits(state, command.revision)) return [];
      const { type: _t, title, ...rest } = command;
      // A title the user gave is kept; an untitled page takes the page's own.
      const named = title && !state.description?.titleGiven ? { title } : {};
      return [{ type: 'KnowledgeSourceIndexed', data: { ...ids, ...rest, ...named } }];
    }
    case 'RecordKnowledgeFailed':
      if (!awaits(state, command.revision)) return [];
      return [{ type: 'KnowledgeSourceFailed', data: { ...ids, revision: command.revision, error: command.error } }];
    default:
      return unhandled(command);
  }
}

export function evolveKnowledgeSource(state: KnowledgeSourceState, event: KnowledgeSourceEvent): KnowledgeSourceState {
  switch (event.type) {
    case 'KnowledgeSourceAdded': {
      const { sourceId, workspaceId, revision, ...description } = event.data;
      return { status: 'queued', sourceId, workspaceId, description, revision };
    }
    case 'KnowledgeSourceReindexRequested':
      return { ...state, status: 'queued', revision: event.data.revision };
    case 'KnowledgeSourceProcessingStarted':
      return { ...state, status: 'processing' };
    case 'KnowledgeSourceIndexed':
      return {
        ...state,
        status: 'ready',
        description: {
          ...state.description!,
          sizeBytes: event.data.sizeBytes,
          title: event.data.title ?? state.description!.title,
        },
      };
    case 'KnowledgeSourceFailed':
      return { ...state, status: 'failed' };
    case 'KnowledgeSourceDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export const knowledgeSourceDecider: Decider<KnowledgeSourceCommand, KnowledgeSourceState, KnowledgeSourceEvent> = {
  decide: decideKnowledgeSource,
  evolve: evolveKnowledgeSource,
  initialState: initialKnowledgeSourceState,
};

export const knowledgeSourceStream = (sourceId: string): string => `knowledge-source-${sourceId}`;
