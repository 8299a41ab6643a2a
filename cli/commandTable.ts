/**
 * The operator commands (docs/cli.md), as one table: the parser (cliArguments.ts), the
 * help (cliHelp.ts) and the dispatcher (cliCommands.ts) all read it, so a command or option
 * added here is parsed, documented and run with nothing else to keep in sync.
 */
import { ValidationError } from '../domain/errors.js';
import { CUSTOM_LIMIT_MAX, PLAN_NAMES } from '../domain/plans.js';
import { API_KEY_ROLES, API_KEY_SCOPES } from '../domain/apiKey/apiKey.js';
import { operatorContext } from '../commands/commandContext.js';
import type { WorkspaceCommands } from '../commands/workspaceCommands.js';
import type { ProjectionRunner } from '../projections/projectionRunner.js';
import type { EventStore } from '../infrastructure/eventStore/eventStore.js';
import type { Config } from '../infrastructure/config.js';
import type { MailSignInCommands } from '../commands/mailSignInCommands.js';
import { dashboardUrlOf } from '../api/session/workspaceHost.js';
import { MAGIC_LINK_TTL_MS } from '../domain/signIn/challenges.js';
import { exportEvents } from './eventExport.js';
import type { ProgressReport } from './progressLine.js';

/**
 * One JSON object, JSON lines (events export; `out`: the file the CLI writes them to, as
 * typed, resolved where the CLI runs), or help text.
 */
export type CliResult = { json: Record<string, unknown> } | { lines: string[]; out?: string } | { text: string };

/** What the operator commands use, handed over by the composition root. */
export interface CliDeps {
  config: Pick<Config, 'publicUrl' | 'workspaceDomain'>;
  workspaces: WorkspaceCommands;
  mailSignIn: Pick<MailSignInCommands, 'operatorSignInLink'>;
  projections: Pick<ProjectionRunner, 'rebuild' | 'parked' | 'retryParked' | 'position$'>;
  events: Pick<EventStore, 'readStream' | 'readAll' | 'countUpTo'>;
}

export interface OptionSpec {
  /** Without the leading `--`. */
  name: string;
  /** The value's placeholder in help (`N`, `P`). */
  value: string;
  description: string;
  required?: boolean;
  /** May be given more than once (its values are collected); any other option given twice is refused. */
  repeatable?: boolean;
  /** The values it takes, matched ignoring case and surrounding blanks; `list`: a comma list of them. */
  choices?: readonly string[];
  list?: boolean;
  /** Text shown to people (names): a line break or control character is refused, not stored. */
  singleLine?: boolean;
}

/** Parsed options: a string each, or (repeatable options) every value given. */
export type OptionValues = Record<string, string | string[] | undefined>;

export interface CliCommand {
  /** `<group> <action>`, as typed. */
  name: string;
  description: string;
  options: OptionSpec[];
  /** `progress`: given only when the operator's terminal shows it (progressLine.ts). */
  run(deps: CliDeps, values: OptionValues, progress?: ProgressReport): Promise<CliResult>;
}

const one = (values: OptionValues, name: string) => values[name] as string | undefined;

/**
 * How many events the log holds as the views have it, a progress line's total; null where the
 * store cannot count without reading them all (that would double the work shown).
 */
async function logSize(deps: CliDeps): Promise<number | null> {
  const head = deps.projections.position$.value;
  return head && deps.events.countUpTo ? deps.events.countUpTo(head) : null;
}

const LIMIT_OPTIONS: OptionSpec[] = [
  {
    name: 'monthly-calls',
    value: 'N',
    description: `enterprise only: External API calls a month, 1 to ${CUSTOM_LIMIT_MAX.monthlyCalls} (default unlimited)`,
  },
  {
    name: 'chatbots',
    value: 'N',
    description: `enterprise only: chatbots, 1 to ${CUSTOM_LIMIT_MAX.chatbots} (default unlimited)`,
  },
  {
    name: 'webhooks',
    value: 'N',
    description: `enterprise only: webhooks, 1 to ${CUSTOM_LIMIT_MAX.webhooks} (default unlimited)`,
  },
];
const PLAN_OPTION: OptionSpec = {
  name: 'plan',
  value: 'P',
  description: 'the plan',
  required: true,
  choices: PLAN_NAMES,
};

/** The limit options as typed; the domain checks them (domain/plans.ts parseCustomLimits). */
const limitsOf = (values: OptionValues) => ({
  monthlyCalls: one(values, 'monthly-calls'),
  chatbots: one(values, 'chatbots'),
  webhooks: one(values, 'webhooks'),
});

export const COMMANDS: readonly CliCommand[] = [
  {
    name: 'workspace create',
    description: 'Creates a workspace with its owner and an admin API key with every scope (the key is shown once).',
    options: [
      {
        name: 'name',
        value: 'N',
        description: "the workspace's name, also its owner's (HTML tags stripped, at most 200 characters)",
        required: true,
        singleLine: true,
      },
      PLAN_OPTION,
      { name: 'owner-email', value: 'E', description: "the owner's email address (signs in with it)", required: true },
      {
        name: 'owner-password',
        value: 'PW',
        description: "the owner's password, 8 to 200 characters (default none: signs in by emailed code or link)",
      },
      ...LIMIT_OPTIONS,
    ],
    run: async (deps, v) => ({
      json: {
        ...(await deps.workspaces.createWorkspace(
          {
            name: one(v, 'name'),
            plan: one(v, 'plan'),
            ownerEmail: one(v, 'owner-email'),
            ownerPassword: one(v, 'owner-password'),
            limits: limitsOf(v),
          },
          operatorContext(),
        )),
        // A new workspace has no address of its own yet: its dashboard is on PUBLIC_URL.
        dashboardUrl: dashboardUrlOf(null, deps.config),
      },
    }),
  },
  {
    name: 'workspace set-plan',
    description: "Changes a workspace's plan (and an enterprise plan's limits: those not given are unlimited).",
    options: [
      { name: 'workspace', value: 'W', description: 'the workspace id', required: true },
      PLAN_OPTION,
      ...LIMIT_OPTIONS,
    ],
    run: async (deps, v) => {
      const workspaceId = one(v, 'workspace')!;
      return {
        json: await deps.workspaces.setPlan(workspaceId, one(v, 'plan'), operatorContext(workspaceId), limitsOf(v)),
      };
    },
  },
  {
    name: 'apikey create',
    description: 'Creates an API key for a workspace (the key is shown once).',
    options: [
      { name: 'workspace', value: 'W', description: 'the workspace id', required: true },
      { name: 'role', value: 'R', description: "the key's role (default member)", choices: API_KEY_ROLES },
      {
        name: 'scopes',
        value: 'S1,S2',
        description: 'its scopes; read and write are added unless one of them is named',
        choices: API_KEY_SCOPES,
        list: true,
      },
    ],
    run: async (deps, v) => {
      const workspaceId = one(v, 'workspace')!;
      return {
        json: await deps.workspaces.createApiKey(
          { workspaceId, role: one(v, 'role'), scopes: one(v, 'scopes') },
          operatorContext(workspaceId),
        ),
      };
    },
  },
  {
    name: 'apikey revoke',
    description: 'Revokes an API key: it is refused from then on.',
    options: [{ name: 'id', value: 'K', description: 'the key id (as apikey create printed it)', required: true }],
    run: async (deps, v) => ({ json: await deps.workspaces.revokeApiKey(one(v, 'id')!, operatorContext()) }),
  },
  {
    name: 'projections rebuild',
    description:
      'Replays the whole log into fresh copies of the views and swaps them in at the end. One at a time: a second is refused while one runs.',
    options: [],
    run: async (deps, _values, progress) => {
      const started = Date.now();
      const total = progress ? await logSize(deps) : null;
      let replayed = 0;
      const events = await deps.projections.rebuild(progress && ((batch) => progress((replayed += batch), total)));
      return { json: { events, ms: Date.now() - started } };
    },
  },
  {
    name: 'projections failed',
    description: "Lists the events a view's handler failed on, set aside (parked) for that view.",
    options: [],
    run: async (deps) => {
      const parked = await deps.projections.parked();
      const events = parked.map(({ id, projection, eventId, streamId, type, position, error, parkedAt }) => ({
        id,
        projection,
        eventId,
        streamId,
        type,
        position,
        error,
        parkedAt,
      }));
      return { json: { parked: parked.length, events } };
    },
  },
  {
    name: 'projections retry',
    description: 'Applies parked events again, all of them or those named, once the cause is fixed.',
    options: [
      {
        name: 'id',
        value: 'ID',
        description: 'a parked event id from projections failed (repeatable; default all)',
        repeatable: true,
      },
    ],
    run: async (deps, v) => {
      const ids = [...new Set((v.id as string[] | undefined) ?? [])];
      if (ids.length) {
        const parked = new Set((await deps.projections.parked()).map((p) => p.id));
        const unknown = ids.filter((id) => !parked.has(id));
        if (unknown.length)
          throw new ValidationError(
            `no parked event with id ${unknown.map((id) => `"${id}"`).join(', ')} (confab projections failed lists them)`,
            'id',
          );
      }
      const { applied, failing } = await deps.projections.retryParked(ids.length ? ids : undefined);
      return { json: { applied, failing: failing.map((f) => ({ id: f.id, error: f.error })) } };
    },
  },
  {
    name: 'events export',
    description:
      'Prints the audit trail: one JSON object per line, each event with its envelope; secrets print as [redacted].',
    options: [
      { name: 'stream', value: 'S', description: 'only this stream (e.g. workspace-<id>, user-<id>, apikey-<id>)' },
      {
        name: 'workspace',
        value: 'W',
        description: "only this workspace's events (with --stream: its events in that stream)",
      },
      {
        name: 'out',
        value: 'FILE',
        description: 'writes the lines to FILE (replaced if it exists) and prints {"out","events"} instead',
      },
    ],
    run: async (deps, v, progress) => ({
      lines: await exportEvents(
        deps.events,
        { stream: one(v, 'stream'), workspace: one(v, 'workspace') },
        progress && { report: progress, total: await logSize(deps) },
      ),
      out: one(v, 'out'),
    }),
  },
  {
    name: 'signin-link',
    description: `Prints a one-time sign-in link for a workspace's member: the link a sign-in mail carries (single use, ${MAGIC_LINK_TTL_MS / 60_000} minutes).`,
    options: [
      { name: 'workspace', value: 'W', description: 'the workspace id', required: true },
      { name: 'email', value: 'E', description: "the member's email address", required: true },
    ],
    run: async (deps, v) => {
      const workspaceId = one(v, 'workspace')!;
      return { json: { workspaceId, ...(await deps.mailSignIn.operatorSignInLink(workspaceId, one(v, 'email')!)) } };
    },
  },
];
