/**
 * The setup the crash tests share: a service that delivers webhooks to the test's HTTPS receiver
 * quickly (retries after 200 ms, a 2 s timeout), and a hub chatbot whose webhook takes every event.
 */
import * as assert from 'uvu/assert';
import type { HttpsReceiver } from '../../support/httpsReceiver.js';
import { cliJson } from './cli.js';
import { EXTERNAL, http } from './externalApi.js';
import { serviceEnv, startService, type ServiceProcess } from './serviceProcess.js';

/** A chatbot flow of two questions: the first visitor message creates the response, the second updates and completes it. */
export const TWO_QUESTION_FLOW = {
  steps: [
    { type: 'message', text: 'Hello!' },
    { type: 'question', text: 'Your name?', variable: 'name' },
    { type: 'question', text: 'Your email, {{name}}?', variable: 'email' },
    { type: 'message', text: 'Thanks!' },
  ],
};

/** Every event a webhook can subscribe to. */
export const ALL_WEBHOOK_EVENTS = [
  'conversation.started',
  'response.created',
  'response.updated',
  'conversation.completed',
];

/** serviceEnv for a service on `storeEnv` that may deliver to the receiver on 127.0.0.1, retrying after 200 ms, 200 ms, 200 ms. */
export function webhookServiceEnv(
  storeEnv: Record<string, string>,
  receiver: HttpsReceiver,
  rateLimitPerMinute: string,
): NodeJS.ProcessEnv {
  return serviceEnv({
    ...storeEnv,
    NODE_EXTRA_CA_CERTS: receiver.caFile,
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_DELAYS_MS: '200,200,200',
    WEBHOOK_TIMEOUT_MS: '2000',
    RATE_LIMIT_PER_MINUTE: rateLimitPerMinute,
  });
}

export interface Hub {
  hubBotId: string;
  webhookId: string;
  /** The webhook's signing secret. */
  secret: string;
}

/** Creates the hub chatbot (TWO_QUESTION_FLOW) with a webhook for every event to `<receiver>/hook`. */
export async function createHub(serviceUrl: string, key: string, receiver: HttpsReceiver): Promise<Hub> {
  const hub = await http(serviceUrl, 'POST', `${EXTERNAL}/chatbots`, {
    key,
    body: { name: 'Hub', flow: TWO_QUESTION_FLOW },
  });
  assert.is(hub.status, 201, hub.text);
  const hubBotId = hub.body.data.id as string;
  const hook = await http(serviceUrl, 'POST', `${EXTERNAL}/webhooks`, {
    key,
    body: { chatbotId: hubBotId, url: `${receiver.url}/hook`, events: ALL_WEBHOOK_EVENTS },
  });
  assert.is(hook.status, 201, hook.text);
  return { hubBotId, webhookId: hook.body.data.id, secret: hook.body.data.secret };
}

/** The receiver answers 2xx, a little later sometimes (0–150 ms), so that a crash often lands while a send is in flight. */
export function answerOkWithJitter(receiver: HttpsReceiver): void {
  receiver.respondWith(() => ({ status: 200, body: { ok: true }, delayMs: Math.floor(Math.random() * 150) }));
}

/**
 * Creates an enterprise workspace through the CLI, starts the service on `env` and creates the
 * hub (createHub) with the workspace's key. A failure after the start stops the service again.
 */
export async function startServiceWithHub(
  env: NodeJS.ProcessEnv,
  receiver: HttpsReceiver,
  workspace: { name: string; ownerEmail: string },
): Promise<Hub & { workspaceId: string; key: string; service: ServiceProcess }> {
  const ws = await cliJson(
    env,
    'workspace',
    'create',
    '--name',
    workspace.name,
    '--plan',
    'enterprise',
    '--owner-email',
    workspace.ownerEmail,
  );
  const service = await startService(env);
  try {
    return {
      workspaceId: ws.workspaceId,
      key: ws.apiKey,
      service,
      ...(await createHub(service.url, ws.apiKey, receiver)),
    };
  } catch (err) {
    await service.kill('SIGTERM');
    throw err;
  }
}
