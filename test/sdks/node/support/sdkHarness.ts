/**
 * The real service for the SDK suites: started in-process with the repository's test app
 * (embedded store, random port), a Pro workspace and its key, the SDK pointed at it, and the
 * visitor chat API to create conversations the way the widget does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { codeIn, parseEml, type Mail } from '../../../blackbox/blackboxServer.js';
import Confab, { type ClientOptions } from '../../../../sdks/node/src/index.js';

export interface SdkHarness {
  app: TestApp;
  /** `{base_url}`: http://127.0.0.1:<port>/api/v1 */
  baseURL: string;
  apiKey: string;
  workspaceId: string;
  client(options?: ClientOptions): Confab;
  /** A visitor chat through the public chat API: one response record per call. */
  chat(botId: string, visitorId: string, answers?: string[]): Promise<{ sessionId: string }>;
  /** Mails in DATA_DIR/outbox to `to`, oldest first. */
  mailsTo(to: string): Mail[];
  close(): Promise<void>;
}

export { codeIn };

export async function startSdkHarness(env: Record<string, string> = {}, plan = 'pro'): Promise<SdkHarness> {
  const app = await startTestApp(env);
  const { apiKey, workspaceId } = await app.createWorkspace(plan);
  const baseURL = `${app.baseUrl}/api/v1`;
  const post = async (path: string, body: unknown) => {
    const r = await app.api('POST', path, { body });
    if (r.status >= 300) throw new Error(`POST ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  return {
    app,
    baseURL,
    apiKey,
    workspaceId,
    client: (options = {}) => new Confab({ apiKey, baseURL, ...options }),
    async chat(botId, visitorId, answers = ['Ann']) {
      const { sessionId } = await post(`/api/v1/chat/${botId}/sessions`, { visitorId });
      for (const message of answers) await post(`/api/v1/chat/${botId}/sessions/${sessionId}/messages`, { message });
      return { sessionId };
    },
    mailsTo(to) {
      const dir = join(app.config.dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort();
      } catch {
        return [];
      }
      return files
        .map((f) => parseEml(readFileSync(join(dir, f), 'utf8'), f))
        .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    },
    close: () => app.close(),
  };
}

/** Polls until `check` passes (views are updated asynchronously after a write). */
export async function eventually<T>(
  what: string,
  fn: () => Promise<T>,
  check: (v: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
