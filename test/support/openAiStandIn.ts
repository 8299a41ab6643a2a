/**
 * A stand-in OpenAI-compatible server for tests: the documented Chat Completions request and
 * answer shapes (JSON and streamed chunks), the model list, embeddings and the documented error
 * bodies, answering from a queue of replies each test scripts, and recording every request.
 * openAiStandIn.test.ts drives it with the official `openai` client, so it cannot drift from
 * what real providers answer.
 *
 * Plain http on 127.0.0.1 by default (a self-hosted provider in LLM_ALLOW_HOSTS), or https with
 * the per-process test certificate (getTestCertificate) when asked.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { getTestCertificate } from './httpsReceiver.js';

export interface StandInToolCall {
  name: string;
  /** The arguments as the model writes them: a JSON text (an object is serialized). */
  arguments: string | Record<string, unknown>;
  id?: string;
}

/** One scripted answer to the next chat completion (or any call, for errors and delays). */
export type StandInReply =
  | { kind: 'text'; text: string; finishReason?: 'stop' | 'length' | 'content_filter'; usage?: StandInUsage }
  | { kind: 'toolCalls'; calls: StandInToolCall[]; text?: string; usage?: StandInUsage }
  | {
      kind: 'error';
      status: 401 | 404 | 429 | 500 | 503;
      message?: string;
      retryAfterSeconds?: number;
      /** A Retry-After as the provider writes it, e.g. an HTTP date (wins over retryAfterSeconds). */
      retryAfter?: string;
    }
  /** Waits, then answers with `then` (default: a text reply). */
  | { kind: 'delay'; ms: number; then?: StandInReply }
  /** Streams the first `afterChunks` chunks of `reply`, then destroys the socket (no [DONE]). */
  | { kind: 'cutStream'; afterChunks: number; reply?: StandInReply }
  /** Streams the first `afterChunks` chunks of `reply`, then sends nothing more until the caller gives up. */
  | { kind: 'stall'; afterChunks: number; reply?: StandInReply }
  /** A 200 that is not a chat completion: an HTML page as JSON, or a stream with a chunk that is not JSON. */
  | { kind: 'malformed' };

export interface StandInUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (null for bodiless requests). */
  body: any;
}

export interface OpenAiStandIn {
  /** The provider's OpenAI-compatible root, e.g. http://127.0.0.1:1234/v1 (the client's baseURL). */
  baseUrl: string;
  /** Just the host (for LLM_ALLOW_HOSTS). */
  host: string;
  requests: RecordedRequest[];
  /** performance.now() as each streamed chunk with content was written (benchmarks pair them with arrivals). */
  contentChunkSentAt: number[];
  /** Appends replies to the queue: each chat completion takes the next (a default text when empty). */
  script(...replies: StandInReply[]): void;
  /** Appends replies for the next embeddings requests (errors, delays, malformed); when empty, vectors. */
  scriptEmbeddings(...replies: Array<Extract<StandInReply, { kind: 'error' | 'delay' | 'malformed' }>>): void;
  /** Models GET /models lists and GET /models/{id} knows. */
  models: string[];
  /** The key the stand-in accepts (anything else is 401 invalid_api_key). */
  apiKey: string;
  close(): Promise<void>;
}

export interface OpenAiStandInOptions {
  https?: boolean;
  apiKey?: string;
  models?: string[];
  /** Characters per streamed content piece (default 4). */
  pieceLength?: number;
  /**
   * A pause before each streamed chunk after the first (default none): an answer seen growing,
   * each chunk reaching the caller on its own.
   */
  pieceDelayMs?: number;
  /** Numbers per embedding when the request names none (default STAND_IN_DIMENSIONS). */
  embeddingDimensions?: number;
}

const CREATED = 1_700_000_000;
const DEFAULT_TEXT = 'Hello from the stand-in.';

/** The documented error bodies, by status. */
function errorBody(status: number, message?: string): { error: Record<string, unknown> } {
  switch (status) {
    case 401:
      return {
        error: {
          message:
            message ??
            'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      };
    case 404:
      return {
        error: {
          message: message ?? 'The model does not exist or you do not have access to it.',
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      };
    case 429:
      return {
        error: {
          message: message ?? 'Rate limit reached for requests. Please try again later.',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      };
    default:
      return {
        error: {
          message: message ?? 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        },
      };
  }
}

const modelObject = (id: string) => ({ id, object: 'model', created: CREATED, owned_by: 'stand-in' });

/** A rough token count: enough for usage numbers that grow with the text. */
const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function promptTokens(body: any): number {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return messages.reduce(
    (n, m) => n + tokensOf(typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')),
    0,
  );
}

function usageOf(reply: StandInReply, body: any, completionText: string) {
  const given = 'usage' in reply ? reply.usage : undefined;
  const prompt = given?.promptTokens ?? promptTokens(body);
  const completion = given?.completionTokens ?? tokensOf(completionText);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

const argumentsText = (call: StandInToolCall) =>
  typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The non-streamed chat.completion for a text or tool-call reply. */
function completionOf(id: string, model: string, reply: StandInReply, body: any) {
  if (reply.kind === 'toolCalls') {
    const calls = reply.calls.map((c, i) => ({
      id: c.id ?? `call_${id}_${i}`,
      type: 'function',
      function: { name: c.name, arguments: argumentsText(c) },
    }));
    const text = reply.text ?? null;
    return {
      id,
      object: 'chat.completion',
      created: CREATED,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, tool_calls: calls, refusal: null },
          finish_reason: 'tool_calls',
          logprobs: null,
        },
      ],
      usage: usageOf(reply, body, (text ?? '') + calls.map((c) => c.function.arguments).join('')),
    };
  }
  const text = reply.kind === 'text' ? reply.text : DEFAULT_TEXT;
  return {
    id,
    object: 'chat.completion',
    created: CREATED,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null },
        finish_reason: reply.kind === 'text' ? (reply.finishReason ?? 'stop') : 'stop',
        logprobs: null,
      },
    ],
    usage: usageOf(reply, body, text),
  };
}

/**
 * The chat.completion.chunk objects of a streamed answer: the role first, content in pieces,
 * tool calls as deltas (id, type and name first, then the arguments in pieces), the finish
 * reason, and with include_usage every chunk carries `usage: null` until a last one with no
 * choices and the usage.
 */
function chunksOf(id: string, model: string, reply: StandInReply, body: any, size: number): object[] {
  const withUsage = body?.stream_options?.include_usage === true;
  const chunk = (delta: object, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created: CREATED,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(withUsage ? { usage: null } : {}),
  });
  const out: object[] = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
  let completionText = '';
  let finish = 'stop';
  if (reply.kind === 'toolCalls') {
    if (reply.text) for (const p of pieces(reply.text, size)) out.push(chunk({ content: p }, null));
    reply.calls.forEach((c, index) => {
      const args = argumentsText(c);
      completionText += args;
      out.push(
        chunk(
          {
            tool_calls: [
              { index, id: c.id ?? `call_${id}_${index}`, type: 'function', function: { name: c.name, arguments: '' } },
            ],
          },
          null,
        ),
      );
      for (const p of pieces(args, size))
        out.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }, null));
    });
    completionText += reply.text ?? '';
    finish = 'tool_calls';
  } else {
    const text = reply.kind === 'text' ? reply.text : DEFAULT_TEXT;
    completionText = text;
    for (const p of pieces(text, size)) out.push(chunk({ content: p }, null));
    if (reply.kind === 'text') finish = reply.finishReason ?? 'stop';
  }
  out.push(chunk({}, finish));
  if (withUsage)
    out.push({
      id,
      object: 'chat.completion.chunk',
      created: CREATED,
      model,
      choices: [],
      usage: usageOf(reply, body, completionText),
    });
  return out;
}

/** Dimensions of an embedding when the request names none. */
export const STAND_IN_DIMENSIONS = 256;

/** Words a hashed bag of words leaves out, as a model gives them little weight. */
const FILLER_WORDS = new Set(
  'the a an and or of to in on for is are was be it i my me we you your our can do does how what when with my at by from this that'.split(
    ' ',
  ),
);

/** FNV-1a: a stable 32-bit hash of a word. */
function hashOf(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i += 1) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A deterministic embedding per input: a hashed set of its words (lowercased, a plural's "s"
 * dropped; each counted once, so one repeated word does not make a text about it), scaled to length 1, so texts sharing words are near and texts sharing none are at 0.
 * As float32 values (base64 when the client asks, as the official one does).
 */
export function standInEmbedding(input: string, dimensions = STAND_IN_DIMENSIONS): number[] {
  const values = new Array<number>(dimensions).fill(0);
  const words = new Set<string>();
  for (const raw of input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    if (!FILLER_WORDS.has(raw))
      words.add(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  for (const word of words) {
    const h = hashOf(word);
    values[h % dimensions]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.sqrt(values.reduce((n, v) => n + v * v, 0));
  return values.map((v) => Math.fround(norm > 0 ? v / norm : 0));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
  const queue: StandInReply[] = [];
  const embeddingQueue: StandInReply[] = [];
  const requests: RecordedRequest[] = [];
  const contentChunkSentAt: number[] = [];
  const sockets = new Set<Socket>();
  const pieceLength = options.pieceLength ?? 4;
  const pieceDelayMs = options.pieceDelayMs ?? 0;
  let sequence = 0;
  const state = {
    apiKey: options.apiKey ?? 'sk-stand-in-key',
    models: options.models ?? ['gpt-4o-mini', 'text-embedding-3-small'],
  };

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
  const sendError = (res: ServerResponse, reply: Extract<StandInReply, { kind: 'error' }>) =>
    sendJson(
      res,
      reply.status,
      errorBody(reply.status, reply.message),
      reply.retryAfter !== undefined
        ? { 'retry-after': reply.retryAfter }
        : reply.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(reply.retryAfterSeconds) },
    );

  /** Delays resolved; errors answered here. Returns the reply left to answer, or null when done. */
  async function settle(res: ServerResponse, reply: StandInReply): Promise<StandInReply | null> {
    let current = reply;
    while (current.kind === 'delay') {
      await sleep(current.ms);
      current = current.then ?? { kind: 'text', text: DEFAULT_TEXT };
    }
    if (current.kind === 'error') {
      sendError(res, current);
      return null;
    }
    return current;
  }

  async function chatCompletion(req: IncomingMessage, res: ServerResponse, body: any) {
    const model = typeof body?.model === 'string' ? body.model : '';
    if (!Array.isArray(body?.messages) || model === '') {
      sendJson(res, 400, {
        error: {
          message: model === '' ? 'you must provide a model parameter' : "Missing required parameter: 'messages'.",
          type: 'invalid_request_error',
          param: model === '' ? 'model' : 'messages',
          code: null,
        },
      });
      return;
    }
    const reply = await settle(res, queue.shift() ?? { kind: 'text', text: DEFAULT_TEXT });
    if (!reply) return;
    if (!state.models.includes(model)) {
      sendJson(res, 404, errorBody(404, `The model \`${model}\` does not exist or you do not have access to it.`));
      return;
    }
    sequence += 1;
    const id = `chatcmpl-standin${sequence}`;
    if (reply.kind === 'malformed') {
      if (body.stream === true) {
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        res.write(
          `data: ${JSON.stringify(chunksOf(id, model, { kind: 'text', text: 'Half' }, body, pieceLength)[1])}\n\n`,
        );
        res.end('data: <html>502 Bad Gateway</html>\n\ndata: [DONE]\n\n');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('<html><body>502 Bad Gateway</body></html>');
      }
      return;
    }
    if (body.stream !== true) {
      if (reply.kind === 'cutStream' || reply.kind === 'stall') {
        // A JSON answer cut (or stalled) mid-body: the headers promise more than ever comes.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"id":"');
        if (reply.kind === 'cutStream') req.socket.destroy();
        return;
      }
      sendJson(res, 200, completionOf(id, model, reply, body));
      return;
    }
    const partial = reply.kind === 'cutStream' || reply.kind === 'stall';
    const inner = partial ? (reply.reply ?? { kind: 'text' as const, text: DEFAULT_TEXT }) : reply;
    const chunks = chunksOf(id, model, inner, body, pieceLength);
    const limit = partial ? reply.afterChunks : chunks.length;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    for (const [i, c] of chunks.slice(0, limit).entries()) {
      if (i > 0 && pieceDelayMs > 0) await sleep(pieceDelayMs);
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(c)}\n\n`);
      if ((c as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content)
        contentChunkSentAt.push(performance.now());
    }
    if (reply.kind === 'cutStream') {
      // Let the written chunks leave before the connection drops without [DONE].
      await sleep(10);
      req.socket.destroy();
      return;
    }
    // A stalled stream stays open; the caller's timeout (or close()) ends it.
    if (reply.kind === 'stall') return;
    res.end('data: [DONE]\n\n');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      sendJson(res, 400, {
        error: {
          message: 'We could not parse the JSON body of your request.',
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\/v1/, '');
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    if (req.headers.authorization !== `Bearer ${state.apiKey}`) {
      sendJson(res, 401, errorBody(401));
      return;
    }
    if (req.method === 'POST' && path === '/chat/completions') return chatCompletion(req, res, body);
    if (req.method === 'GET' && path === '/models')
      return sendJson(res, 200, { object: 'list', data: state.models.map(modelObject) });
    const one = /^\/models\/(.+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const id = decodeURIComponent(one[1]);
      if (!state.models.includes(id)) return sendJson(res, 404, errorBody(404, `The model '${id}' does not exist`));
      return sendJson(res, 200, modelObject(id));
    }
    if (req.method === 'POST' && path === '/embeddings') {
      const scripted = embeddingQueue.shift();
      if (scripted) {
        const reply = await settle(res, scripted);
        if (!reply) return;
        if (reply.kind === 'malformed') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('<html><body>502 Bad Gateway</body></html>');
          return;
        }
      }
      if (body?.input === undefined || typeof body?.model !== 'string')
        return sendJson(res, 400, {
          error: {
            message: `Missing required parameter: '${body?.input === undefined ? 'input' : 'model'}'.`,
            type: 'invalid_request_error',
            param: body?.input === undefined ? 'input' : 'model',
            code: null,
          },
        });
      if (!state.models.includes(body.model))
        return sendJson(
          res,
          404,
          errorBody(404, `The model \`${body.model}\` does not exist or you do not have access to it.`),
        );
      const inputs: string[] = Array.isArray(body.input) ? body.input : [String(body.input)];
      const dimensions =
        typeof body?.dimensions === 'number' ? body.dimensions : (options.embeddingDimensions ?? STAND_IN_DIMENSIONS);
      const base64 = body?.encoding_format === 'base64';
      const data = inputs.map((input, index) => {
        const values = standInEmbedding(String(input), dimensions);
        return {
          object: 'embedding',
          index,
          embedding: base64 ? Buffer.from(new Float32Array(values).buffer).toString('base64') : values,
        };
      });
      const tokens = inputs.reduce((n, i) => n + tokensOf(String(i)), 0);
      return sendJson(res, 200, {
        object: 'list',
        data,
        model: body?.model ?? '',
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      });
    }
    sendJson(res, 404, {
      error: {
        message: `Invalid URL (${req.method} ${url.pathname})`,
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500, String(err)));
      else res.destroy();
    });
  };
  let server: Server;
  if (options.https) {
    const cert = getTestCertificate();
    server = createHttpsServer({ key: cert.keyPem, cert: cert.certPem }, listener) as unknown as Server;
  } else server = createHttpServer(listener);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  return {
    baseUrl: `${options.https ? 'https' : 'http'}://${host}:${port}/v1`,
    host,
    requests,
    contentChunkSentAt,
    script: (...replies) => queue.push(...replies),
    scriptEmbeddings: (...replies) => embeddingQueue.push(...replies),
    get models() {
      return state.models;
    },
    set models(list: string[]) {
      state.models = list;
    },
    get apiKey() {
      return state.apiKey;
    },
    set apiKey(key: string) {
      state.apiKey = key;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
