/**
 * The model connection aggregate (stream `model-connection-<id>`): a workspace's way to reach an
 * OpenAI-compatible provider. Name uniqueness lives on a reservation stream and the cap on the
 * view count (commands/modelConnectionCommands.ts); this one owns the fields.
 *
 * The API key is never in an event or a state in clear: the command layer encrypts it, bound to
 * the connection id, and the events carry only that ciphertext, so the log, its backups and a
 * projection rebuild never see the key.
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { unhandled } from '../unhandled.js';

// A type alias, not an interface: event data must be assignable to Record<string, unknown>.
export type ModelConnectionFields = {
  name: string;
  baseUrl: string;
  chatModel: string;
  embeddingModel: string | null;
};

export type ModelConnectionEvent =
  | DomainEvent<
      'ModelConnectionCreated',
      { connectionId: string; workspaceId: string; apiKeyCiphertext: string } & ModelConnectionFields
    >
  | DomainEvent<
      'ModelConnectionUpdated',
      { connectionId: string; changes: Partial<ModelConnectionFields>; apiKeyCiphertext?: string }
    >
  | DomainEvent<'ModelConnectionDeleted', { connectionId: string; workspaceId: string; name: string }>;

export interface ModelConnectionState {
  status: 'none' | 'active' | 'deleted';
  connectionId: string | null;
  workspaceId: string | null;
  fields: ModelConnectionFields;
  apiKeyCiphertext: string | null;
}

export const initialModelConnectionState: ModelConnectionState = {
  status: 'none',
  connectionId: null,
  workspaceId: null,
  fields: { name: '', baseUrl: '', chatModel: '', embeddingModel: null },
  apiKeyCiphertext: null,
};

export type ModelConnectionCommand =
  | ({
      type: 'CreateModelConnection';
      connectionId: string;
      workspaceId: string;
      apiKeyCiphertext: string;
    } & ModelConnectionFields)
  /** workspaceId: the requester's, which must own the connection. */
  | {
      type: 'UpdateModelConnection';
      workspaceId: string;
      changes: Partial<ModelConnectionFields>;
      apiKeyCiphertext?: string;
    }
  | { type: 'DeleteModelConnection'; workspaceId: string };

const notFound = () => new NotFoundError('Model connection not found');

/** Only the fields that really change, so a no-op PATCH appends nothing. */
function realChanges(
  current: ModelConnectionFields,
  changes: Partial<ModelConnectionFields>,
): Partial<ModelConnectionFields> {
  const out: Partial<ModelConnectionFields> = {};
  for (const key of ['name', 'baseUrl', 'chatModel', 'embeddingModel'] as const)
    if (changes[key] !== undefined && changes[key] !== current[key]) Object.assign(out, { [key]: changes[key] });
  return out;
}

export function decideModelConnection(
  command: ModelConnectionCommand,
  state: ModelConnectionState,
): ModelConnectionEvent[] {
  if (command.type === 'CreateModelConnection') {
    if (state.status !== 'none') throw new ConflictError('Model connection already exists');
    const { type: _t, ...data } = command;
    return [{ type: 'ModelConnectionCreated', data }];
  }
  if (state.status !== 'active' || state.workspaceId !== command.workspaceId) throw notFound();
  const connectionId = state.connectionId!;
  switch (command.type) {
    case 'UpdateModelConnection': {
      const changes = realChanges(state.fields, command.changes);
      // A key given again is always recorded: its ciphertext differs each time, and the
      // admin who pastes a key means to replace the stored one.
      if (Object.keys(changes).length === 0 && command.apiKeyCiphertext === undefined) return [];
      return [
        {
          type: 'ModelConnectionUpdated',
          data: {
            connectionId,
            changes,
            ...(command.apiKeyCiphertext === undefined ? {} : { apiKeyCiphertext: command.apiKeyCiphertext }),
          },
        },
      ];
    }
    case 'DeleteModelConnection':
      return [
        {
          type: 'ModelConnectionDeleted',
          data: { connectionId, workspaceId: state.workspaceId!, name: state.fields.name },
        },
      ];
    default:
      return unhandled(command);
  }
}

export function evolveModelConnection(state: ModelConnectionState, event: ModelConnectionEvent): ModelConnectionState {
  switch (event.type) {
    case 'ModelConnectionCreated': {
      const { connectionId, workspaceId, apiKeyCiphertext, name, baseUrl, chatModel, embeddingModel } = event.data;
      return {
        status: 'active',
        connectionId,
        workspaceId,
        fields: { name, baseUrl, chatModel, embeddingModel },
        apiKeyCiphertext,
      };
    }
    case 'ModelConnectionUpdated':
      return {
        ...state,
        fields: { ...state.fields, ...event.data.changes },
        apiKeyCiphertext: event.data.apiKeyCiphertext ?? state.apiKeyCiphertext,
      };
    case 'ModelConnectionDeleted':
      return { ...state, status: 'deleted', apiKeyCiphertext: null };
    default:
      return state;
  }
}

export const modelConnectionDecider: Decider<ModelConnectionCommand, ModelConnectionState, ModelConnectionEvent> = {
  decide: decideModelConnection,
  evolve: evolveModelConnection,
  initialState: initialModelConnectionState,
};

export const modelConnectionStream = (connectionId: string): string => `model-connection-${connectionId}`;
