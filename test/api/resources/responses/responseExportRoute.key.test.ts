// GET /chatbots/{id}/responses/export: CSV and NDJSON files, one line per response, oldest first,
// date filters, every bad query value, isolation between workspaces, and the Free plan.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appDeps } from '../../../../app/server.js';
import { seedResponses } from '../../../support/conversationSeed.js';
import { startTestApp, type TestApp } from '../../../support/testApp.js';

let app: TestApp;
let ws: { workspaceId: string; apiKey: string };
const EXT = '/api/v1/external/v1';

async function createBot(apiKey = ws.apiKey): Promise<string> {
  const r = await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Bot' } });
  assert.is(r.status, 201);
  return r.body.data.id;
}

async function seed(chatbotId: string, chatDates: string[], names?: string[]) {
  let position = null;
  const seeded = [];
  for (const [i, chatDate] of chatDates.entries()) {
    const out = await seedResponses(app.services.events, {
      chatbotId,
      workspaceId: ws.workspaceId,
      chatDates: [chatDate],
      ...(names ? { name: names[i] } : {}),
    } as never);
    position = out.position ?? position;
    seeded.push(...out.seeded);
  }
  if (position) await app.services.projections.waitFor(position);
  return seeded;
}

/** The raw answer: the export is a file, not JSON. */
async function download(botId: string, query = '', apiKey = ws.apiKey) {
  const res = await fetch(`${app.baseUrl}${EXT}/chatbots/${botId}/responses/export${query}`, {
    headers: { 'x-api-key': apiKey },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** RFC 4180 lines back into cells (enough for these files: quoted cells may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test('setup', async () => {
  app = await startTestApp();
  ws = await app.createWorkspace('pro');
});

test('CSV: a header from the flow, one row per conversation with its answers, as an attachment', async () => {
  const botId = await createBot();
  const s = await app.api('POST', `/api/v1/chat/${botId}/sessions`, { body: { visitorId: 'visitor-9' } });
  for (const message of ['=HYPERLINK("x")', 'dee@example.com'])
    await app.api('POST', `/api/v1/chat/${botId}/sessions/${s.body.sessionId}/messages`, { body: { message } });

  const r = await download(botId, '?format=csv');
  assert.is(r.status, 200, r.text);
  assert.is(r.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.match(
    r.headers.get('content-disposition') ?? '',
    /^attachment; filename="responses-[\w-]+-\d{4}-\d\d-\d\d\.csv"$/,
  );
  assert.ok(r.text.endsWith('\r\n'));
  const [header, row, ...rest] = parseCsv(r.text);
  assert.equal(rest, []);
  assert.equal(header, [
    'id',
    'visitorId',
    'chatSessionId',
    'started',
    'ended',
    'status',
    'resolution',
    'escalationReason',
    'flowVersion',
    'aiAgent',
    'turnCount',
    'answer.name',
    'answer.email',
    'otherAnswers',
  ]);
  const cells = Object.fromEntries((header as string[]).map((h, i) => [h, (row as string[])[i]]));
  assert.is(cells.visitorId, 'visitor-9');
  assert.is(cells.chatSessionId, s.body.sessionId);
  assert.equal([cells.status, cells.resolution, cells.turnCount], ['completed', 'resolved', '2']);
  assert.match(cells.started as string, /^\d{4}-\d\d-\d\dT/);
  assert.match(cells.ended as string, /^\d{4}-\d\d-\d\dT/);
  assert.match(cells.flowVersion as string, /^\d+$/);
  // A visitor's formula is text in the reader's spreadsheet, never run.
  assert.is(cells['answer.name'], `'=HYPERLINK("x")`);
  assert.is(cells['answer.email'], 'dee@example.com');
  assert.is(cells.otherAnswers, '');
});

test('oldest first, a date range, and variables the flow no longer declares in otherAnswers', async () => {
  const botId = await createBot();
  const seeded = await seed(botId, [
    '2026-01-03T10:00:00.000Z',
    '2026-01-01T10:00:00.000Z',
    '2026-01-02T10:00:00.000Z',
  ]);
  const all = parseCsv((await download(botId)).text);
  assert.equal(
    all.slice(1).map((r) => r[3]),
    ['2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z'],
  );
  const some = parseCsv((await download(botId, '?startDate=2026-01-02&endDate=2026-01-02')).text);
  assert.equal(
    some.slice(1).map((r) => r[0]),
    [seeded[2]?.responseId],
  );
  assert.equal(all[1]?.at(-1), '');
  assert.equal(all[1]?.at(-3), 'Ann');
});

test('NDJSON: one JSON object per line with every answer variable', async () => {
  const botId = await createBot();
  const seeded = await seed(botId, ['2026-02-01T10:00:00.000Z', '2026-02-02T10:00:00.000Z'], ['Bo', 'Cy']);
  const r = await download(botId, '?format=ndjson');
  assert.is(r.status, 200);
  assert.is(r.headers.get('content-type'), 'application/x-ndjson');
  assert.match(r.headers.get('content-disposition') ?? '', /\.ndjson"$/);
  const lines = r.text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(
    lines.map((l) => [l.id, l.answerVariables]),
    [
      [seeded[0]?.responseId, { name: 'Bo' }],
      [seeded[1]?.responseId, { name: 'Cy' }],
    ],
  );
  assert.equal(Object.keys(lines[0]), [
    'id',
    'visitorId',
    'chatSessionId',
    'started',
    'ended',
    'status',
    'resolution',
    'escalationReason',
    'flowVersion',
    'aiAgent',
    'turnCount',
    'answerVariables',
  ]);
  assert.equal([lines[0].ended, lines[0].aiAgent, lines[0].turnCount], ['2026-02-01T10:00:00.000Z', null, 1]);
});

test('a chatbot without responses: the CSV header alone, an empty NDJSON file', async () => {
  const botId = await createBot();
  assert.is(parseCsv((await download(botId)).text).length, 1);
  assert.is((await download(botId, '?format=ndjson')).text, '');
});

test('bad format or dates: 400 naming the field', async () => {
  const botId = await createBot();
  for (const [query, field] of [
    ['?format=xlsx', 'format'],
    ['?startDate=2026-02-30', 'startDate'],
    ['?endDate=yesterday', 'endDate'],
    ['?startDate=2026-02-02&endDate=2026-02-01', 'endDate'],
    ['?colour=red', 'colour'],
  ] as const) {
    const r = await download(botId, query);
    assert.is(r.status, 400, query);
    assert.ok(JSON.parse(r.text).error.includes(field), `${query}: ${r.text}`);
  }
});

test("another workspace's chatbot: 404; a Free workspace: as the other External API reads", async () => {
  const other = await app.createWorkspace('pro');
  const otherBot = await createBot(other.apiKey);
  assert.is((await download(otherBot)).status, 404);
  assert.is((await download('no-such-bot')).status, 404);
  const free = await app.createWorkspace('free');
  const list = await app.api('GET', `${EXT}/chatbots/${otherBot}/responses`, { apiKey: free.apiKey });
  const r = await download(otherBot, '', free.apiKey);
  assert.is(r.status, list.status);
  assert.is(JSON.parse(r.text).code, list.body.code);
});

test("the key door's export pages through the views uncached: its answer cache would keep every page", () => {
  const deps = appDeps(app.services).external;
  assert.is(deps.exportViews, app.services.views);
  assert.is.not(deps.exportViews, deps.views);
});

test('teardown', async () => {
  await app.close();
});

test.run();
