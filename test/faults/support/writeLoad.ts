/** Write load on the service, and the ledger of what it acknowledged. */
import { EXTERNAL, http } from './externalApi.js';
import { sleep } from '../../support/waiting.js';

/** Every write the service acknowledged with a 2xx, and every answer seen. */
export interface Ledger {
  /** Chatbot ids answered 201 by POST /chatbots. */
  chatbots: Set<string>;
  /** Sessions answered 201 by POST /chat/:botId/sessions. */
  sessions: Set<string>;
  /** Sessions whose first visitor message was answered 200 (the response record exists). */
  responded: Set<string>;
  /** Sessions whose second visitor message was answered 200 (the flow completed). */
  completed: Set<string>;
  answers: Array<{ at: number; what: string; status: number | string; error?: unknown; ms: number }>;
}

export const newLedger = (): Ledger => ({
  chatbots: new Set(),
  sessions: new Set(),
  responded: new Set(),
  completed: new Set(),
  answers: [],
});

/** The ledger's counts, as the crash tests report them. */
export const ledgerFigures = (ledger: Ledger) => ({
  acknowledged: {
    chatbots: ledger.chatbots.size,
    sessions: ledger.sessions.size,
    responses: ledger.responded.size,
    completed: ledger.completed.size,
  },
  requestsSent: ledger.answers.length,
});

export interface LoadOptions {
  /** The service's current address (it changes on every restart). */
  url: () => string;
  key: string;
  /** The chatbot the visitors talk to (the one with the webhook). */
  hubBotId: string;
  ledger: Ledger;
  chatbotWriters: number;
  visitors: number;
  tag: string;
  /** true: a worker stops at its first network error (the process was killed). */
  stopOnNetworkError: boolean;
  timeoutMs?: number;
}

/**
 * Concurrent writers: some create chatbots in a loop, some play visitors (start a session on
 * the hub chatbot, answer both questions). Resolves from stop() once every worker has ended.
 */
export function startLoad(o: LoadOptions): { stop(): Promise<void> } {
  let stopped = false;
  let n = 0;
  const call = async (what: string, method: string, path: string, opts: Parameters<typeof http>[3]) => {
    const t = Date.now();
    try {
      const r = await http(o.url(), method, path, { timeoutMs: o.timeoutMs ?? 30_000, ...opts });
      o.ledger.answers.push({ at: t, what, status: r.status, error: r.body?.error, ms: Date.now() - t });
      return r;
    } catch (err) {
      o.ledger.answers.push({ at: t, what, status: `network: ${(err as Error).name}`, ms: Date.now() - t });
      if (o.stopOnNetworkError) stopped = true;
      return null;
    }
  };
  const chatbotWriter = async () => {
    while (!stopped) {
      const r = await call('create chatbot', 'POST', `${EXTERNAL}/chatbots`, {
        key: o.key,
        body: { name: `bot ${o.tag} ${++n}` },
      });
      if (r === null && o.stopOnNetworkError) return;
      if (r?.status === 201) o.ledger.chatbots.add(r.body.data.id);
      else if (r) await sleep(50);
    }
  };
  const visitor = async () => {
    while (!stopped) {
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
      const headers = { 'x-forwarded-for': ip };
      const base = `/api/v1/chat/${o.hubBotId}/sessions`;
      const started = await call('start session', 'POST', base, { body: { visitorId: `v${++n}` }, headers });
      if (started?.status !== 201) {
        if (started === null && o.stopOnNetworkError) return;
        await sleep(50);
        continue;
      }
      const sessionId = started.body.sessionId as string;
      o.ledger.sessions.add(sessionId);
      const first = await call('first message', 'POST', `${base}/${sessionId}/messages`, {
        body: { message: 'Ada' },
        headers,
      });
      if (first?.status !== 200) continue;
      o.ledger.responded.add(sessionId);
      const second = await call('second message', 'POST', `${base}/${sessionId}/messages`, {
        body: { message: 'ada@example.com' },
        headers,
      });
      if (second?.status === 200) o.ledger.completed.add(sessionId);
    }
  };
  const workers = [
    ...Array.from({ length: o.chatbotWriters }, chatbotWriter),
    ...Array.from({ length: o.visitors }, visitor),
  ];
  return {
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}
