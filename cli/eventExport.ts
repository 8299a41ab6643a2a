/**
 * `confab events export [--stream S] [--workspace W]`: the audit trail as JSON lines, each event
 * with its envelope and its secrets redacted (exportRedaction.ts). Both filters apply together:
 * `--stream S --workspace W` is the events of stream S recorded for workspace W.
 */
import { ValidationError } from '../domain/errors.js';
import {
  positionToString,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../infrastructure/eventStore/eventStore.js';
import { redactSecrets } from './exportRedaction.js';
import { workspaceStream } from '../domain/workspace/workspace.js';
import type { ProgressReport } from './progressLine.js';

const PAGE = 1000;

export function eventToJson(e: RecordedEvent): Record<string, unknown> {
  return {
    id: e.id,
    streamId: e.streamId,
    revision: e.revision,
    position: positionToString(e.position),
    type: e.type,
    data: redactSecrets(e.type, e.data),
    metadata: e.metadata,
  };
}

export interface ExportFilter {
  stream?: string;
  workspace?: string;
}

/** Hears the events read so far of the whole log (`total` of them, if known), page by page. */
export interface ExportProgress {
  report: ProgressReport;
  total: number | null;
}

/**
 * The export's lines. A stream or workspace that does not exist is an error, not an empty
 * export: an operator's typo must not pass for "nothing happened". One stream is one read, so
 * only the walk through the whole log reports progress.
 */
export async function exportEvents(
  events: Pick<EventStore, 'readStream' | 'readAll'>,
  filter: ExportFilter,
  progress?: ExportProgress,
): Promise<string[]> {
  const { stream, workspace } = filter;
  if (workspace !== undefined && (await events.readStream(workspaceStream(workspace))).length === 0) {
    throw new ValidationError(`no workspace with id "${workspace}"`, 'workspace');
  }
  const mine = (e: RecordedEvent) => workspace === undefined || e.metadata.workspaceId === workspace;
  if (stream !== undefined) {
    const recorded = await events.readStream(stream);
    if (recorded.length === 0)
      throw new ValidationError(
        `no stream named "${stream}" (streams are named like workspace-<id>, user-<id>, apikey-<id>)`,
        'stream',
      );
    return recorded.filter(mine).map((e) => JSON.stringify(eventToJson(e)));
  }
  const lines: string[] = [];
  let after: Position | null = null;
  let read = 0;
  for (;;) {
    const page = await events.readAll({ after, limit: PAGE });
    for (const e of page) if (mine(e)) lines.push(JSON.stringify(eventToJson(e)));
    read += page.length;
    progress?.report(read, progress.total);
    if (page.length < PAGE) return lines;
    after = page[page.length - 1].position;
  }
}
