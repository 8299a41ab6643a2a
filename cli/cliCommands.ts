/**
 * The operator commands of CONTRACT.md §3. Each returns one JSON object, or (events export)
 * JSON lines. Run in-process by the CLI, or inside the running server via the admin socket.
 */
import { parseArgs } from 'node:util';
import { ValidationError } from '../domain/errors.js';
import type { PlanLimits } from '../domain/plans.js';
import { operatorContext } from '../commands/commandContext.js';
import type { WorkspaceCommands } from '../commands/workspaceCommands.js';
import type { ProjectionRunner } from '../projections/projectionRunner.js';
import type { EventStore, Position, RecordedEvent } from '../infrastructure/eventStore/eventStore.js';

export type CliResult = { json: Record<string, unknown> } | { lines: string[] };

/** What the operator commands use, handed over by the composition root. */
export interface CliDeps {
  workspaces: WorkspaceCommands;
  projections: Pick<ProjectionRunner, 'rebuild' | 'parked' | 'retryParked'>;
  events: Pick<EventStore, 'readStream' | 'readAll'>;
}

function need(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new ValidationError(`--${name} is required`, name);
  return v;
}

function optionalInt(values: Record<string, unknown>, name: string): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new ValidationError(`--${name} must be a non-negative integer`, name);
  return Number(v);
}

function enterpriseLimits(values: Record<string, unknown>): Partial<PlanLimits> | undefined {
  const limits = { monthlyCalls: optionalInt(values, 'monthly-calls'), chatbots: optionalInt(values, 'chatbots'), webhooks: optionalInt(values, 'webhooks') };
  const set = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
  return Object.keys(set).length ? set : undefined;
}

const LIMIT_OPTIONS = { 'monthly-calls': { type: 'string' }, chatbots: { type: 'string' }, webhooks: { type: 'string' } } as const;

/**
 * Never printed, not even to operators: signing secrets (recoverable for the dispatcher only)
 * and anything that recovers a secret offline. An email-change code is 6 digits, so its hash
 * with its salt would give it back by brute force; password and API-key hashes likewise.
 * Matched by name, at any depth, so a field added later is covered by its name alone.
 */
const SECRET_FIELD = /hash|salt|secret|pepper|password|token/i;

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '[redacted]' : masked(v)]));
}

export function eventToJson(e: RecordedEvent): Record<string, unknown> {
  return {
    id: e.id,
    streamId: e.streamId,
    revision: e.revision,
    position: `${e.position.commit}/${e.position.prepare}`,
    type: e.type,
    data: masked(e.data) as Record<string, unknown>,
    metadata: e.metadata,
  };
}

export async function runCliCommand(services: CliDeps, argv: string[]): Promise<CliResult> {
  const [group, action, ...rest] = argv;
  const key = `${group ?? ''} ${action ?? ''}`;
  const parse = <T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(options: T) =>
    parseArgs({ args: rest, options, strict: true, allowPositionals: false }).values as Record<string, unknown>;

  switch (key) {
    case 'workspace create': {
      const v = parse({ name: { type: 'string' }, plan: { type: 'string' }, 'owner-email': { type: 'string' }, 'owner-password': { type: 'string' }, ...LIMIT_OPTIONS });
      const out = await services.workspaces.createWorkspace(
        { name: need(v, 'name'), plan: need(v, 'plan'), ownerEmail: need(v, 'owner-email'), ownerPassword: v['owner-password'], limits: enterpriseLimits(v) },
        operatorContext(),
      );
      return { json: out };
    }
    case 'workspace set-plan': {
      const v = parse({ workspace: { type: 'string' }, plan: { type: 'string' }, ...LIMIT_OPTIONS });
      const workspaceId = need(v, 'workspace');
      return { json: await services.workspaces.setPlan(workspaceId, need(v, 'plan'), operatorContext(workspaceId), enterpriseLimits(v)) };
    }
    case 'apikey create': {
      const v = parse({ workspace: { type: 'string' }, role: { type: 'string' }, scopes: { type: 'string' } });
      const workspaceId = need(v, 'workspace');
      return { json: await services.workspaces.createApiKey({ workspaceId, role: v.role, scopes: v.scopes }, operatorContext(workspaceId)) };
    }
    case 'apikey revoke': {
      const v = parse({ id: { type: 'string' } });
      return { json: await services.workspaces.revokeApiKey(need(v, 'id'), operatorContext()) };
    }
    case 'projections rebuild': {
      parse({});
      const started = Date.now();
      const events = await services.projections.rebuild();
      return { json: { events, ms: Date.now() - started } };
    }
    case 'projections failed': {
      parse({});
      const parked = await services.projections.parked();
      return { json: { parked: parked.length, events: parked.map(({ id, projection, eventId, streamId, type, position, error, parkedAt }) => ({ id, projection, eventId, streamId, type, position, error, parkedAt })) } };
    }
    case 'projections retry': {
      const v = parse({ id: { type: 'string', multiple: true } });
      const ids = v.id as string[] | undefined;
      const { applied, failing } = await services.projections.retryParked(ids?.length ? ids : undefined);
      return { json: { applied, failing: failing.map((f) => ({ id: f.id, error: f.error })) } };
    }
    case 'events export': {
      const v = parse({ stream: { type: 'string' }, workspace: { type: 'string' } });
      const lines: string[] = [];
      if (typeof v.stream === 'string') {
        for (const e of await services.events.readStream(v.stream)) lines.push(JSON.stringify(eventToJson(e)));
      } else {
        let after: Position | null = null;
        for (;;) {
          const page = await services.events.readAll({ after, limit: 1000 });
          for (const e of page) {
            if (!v.workspace || e.metadata.workspaceId === v.workspace) lines.push(JSON.stringify(eventToJson(e)));
          }
          if (page.length < 1000) break;
          after = page[page.length - 1].position;
        }
      }
      return { lines };
    }
    default:
      throw new ValidationError(
        `unknown command "${argv.join(' ')}". Commands: workspace create, workspace set-plan, apikey create, apikey revoke, projections rebuild, projections failed, projections retry [--id <parked id>]…, events export`,
      );
  }
}
