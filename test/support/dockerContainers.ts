/**
 * Servers for the adapter contract suites (EventStoreDB/KurrentDB, MongoDB). A suite runs against
 * the server its environment variable names; else, when a Docker engine answers, against a
 * container started here with testcontainers and stopped after the suite; else it prints one
 * `skipped: …` line and registers one skipped uvu test, so scripts/test.mjs counts it as skipped
 * and it is never reported as passing.
 *
 * The Docker path is UNVERIFIED on our machines (no Docker engine runs there): it follows
 * testcontainers' API (GenericContainer, Wait, getContainerRuntimeClient).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import type { StartedTestContainer } from 'testcontainers';

export interface ContractServer {
  url: string;
  /** Stops the container; undefined when the server came from the environment. */
  stop?: () => Promise<void>;
}

/** How long the Docker probe may take before we call the engine unreachable. */
const PROBE_TIMEOUT_MS = 4_000;
/** Pulling an image and starting a server may take a while on a cold machine. */
const STARTUP_TIMEOUT_MS = 180_000;

export const EVENTSTORE_IMAGE = process.env.EVENTSTORE_IMAGE || 'docker.eventstore.com/eventstore/eventstore:24.10';
export const MONGODB_IMAGE = process.env.MONGODB_IMAGE || 'mongo:7';

let probeTimedOut = false;

/**
 * Whether testcontainers finds a working container runtime, bounded to `timeoutMs`: a
 * DOCKER_HOST that never answers must not hang the suite.
 */
export async function dockerEngineReachable(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      probeTimedOut = true;
      resolve(false);
    }, timeoutMs);
  });
  const probe = (async () => {
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      await getContainerRuntimeClient();
      return true;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([probe, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The server for one contract suite: from `envVar` when set, else a container from `start` when
 * a Docker engine answers. Otherwise prints the one skip line, registers a skipped test and
 * returns undefined; when the container does not start, registers a failing test with the reason
 * and returns undefined. The caller runs its contract suite only when a server came back.
 */
export async function contractServer(
  envVar: string,
  label: string,
  start: () => Promise<ContractServer>,
): Promise<ContractServer | undefined> {
  const url = process.env[envVar];
  if (url) return { url };

  if (!(await dockerEngineReachable())) {
    console.log(`skipped: no Docker engine (set ${envVar} to run against a server)`);
    test.skip(`${label} contract: no ${envVar} and no Docker engine`, () => undefined);
    test.run();
    // A probe that timed out may still hold a socket open; let uvu report, then leave.
    if (probeTimedOut) setTimeout(() => process.exit(), 1_000).unref();
    return undefined;
  }

  try {
    const server = await start();
    console.log(`  [${label}] running the contract against a container at ${server.url}`);
    return server;
  } catch (err) {
    test(`${label} container starts (Docker engine found, ${envVar} unset)`, () => {
      throw err;
    });
    test.run();
    return undefined;
  }
}

const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

const stopper = (container: StartedTestContainer) => async (): Promise<void> => {
  await container.stop();
};

/** Retries `attempt` until it resolves or `timeoutMs` passes, then throws its last error. */
export async function untilReady(what: string, attempt: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs} ms: ${String(err)}`);
      await sleep(500);
    }
  }
}

/**
 * A single-node EventStoreDB/KurrentDB 24.10, insecure (plain HTTP/gRPC on 2113), projections on.
 * Ready when /health/live answers 2xx; the URL is an esdb:// connection string with tls=false.
 */
export async function startEventStoreDb(): Promise<ContractServer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(EVENTSTORE_IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'All',
    })
    .withCommand(['--insecure', '--run-projections=All'])
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
    .withStartupTimeout(STARTUP_TIMEOUT_MS)
    .start();
  const url = `esdb://${hostForUrl(container.getHost())}:${container.getMappedPort(2113)}?tls=false`;
  return { url, stop: stopper(container) };
}

/**
 * A single-node MongoDB replica set (MongoReadStore.transaction needs one): mongod with
 * `--replSet rs0`, then rs.initiate() and a wait until the node is a writable primary. The URL
 * uses directConnection, since the member's own address (localhost:27017) is the container's.
 */
export async function startMongoReplicaSet(): Promise<ContractServer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(MONGODB_IMAGE)
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/waiting for connections/i))
    .withStartupTimeout(STARTUP_TIMEOUT_MS)
    .start();
  try {
    const script = [
      "try { rs.status(); } catch (e) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }); }",
      'let tries = 0;',
      'while (!db.hello().isWritablePrimary) { if (++tries > 600) quit(1); sleep(100); }',
    ].join(' ');
    const r = await container.exec(['mongosh', '--quiet', '--eval', script]);
    if (r.exitCode !== 0) throw new Error(`rs.initiate failed (exit ${r.exitCode}): ${r.output}`);
  } catch (err) {
    await container.stop().catch(() => undefined);
    throw err;
  }
  const url = `mongodb://${hostForUrl(container.getHost())}:${container.getMappedPort(27017)}/?directConnection=true`;
  return { url, stop: stopper(container) };
}
