import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/event.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors.js';
import { DEFAULT_FLOW } from '../../../domain/chatbot/flow.js';
import {
  copyName,
  decideChatbot,
  evolveChatbot,
  initialChatbotState,
  validateChanges,
  validateDescription,
  validateName,
  MAX_CHATBOT_DESCRIPTION,
  type ChatbotCommand,
} from '../../../domain/chatbot/chatbot.js';

const create: ChatbotCommand = {
  type: 'CreateChatbot',
  chatbotId: 'c1',
  workspaceId: 'w1',
  name: 'Bot',
  description: 'd',
  flow: DEFAULT_FLOW,
};
const active = fold(evolveChatbot, initialChatbotState, decideChatbot(create, initialChatbotState));

function fieldOf(fn: () => unknown): { field?: string; message: string } {
  try {
    fn();
  } catch (err) {
    assert.instance(err, ValidationError);
    return { field: (err as ValidationError).field, message: (err as Error).message };
  }
  return assert.unreachable('did not throw') as never;
}

test('create folds into an active, enabled chatbot', () => {
  assert.equal(active, {
    status: 'active',
    chatbotId: 'c1',
    workspaceId: 'w1',
    fields: { name: 'Bot', description: 'd', disabled: false, flow: DEFAULT_FLOW },
    versions: [DEFAULT_FLOW],
    agent: null,
  });
  assert.throws(
    () => decideChatbot(create, active),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('update changes only the given fields; an empty update emits nothing', () => {
  const events = decideChatbot({ type: 'UpdateChatbot', changes: { disabled: true }, now: new Date() }, active);
  assert.equal(events, [{ type: 'ChatbotUpdated', data: { chatbotId: 'c1', changes: { disabled: true } } }]);
  const s = fold(evolveChatbot, active, events);
  assert.equal(s.fields, { ...active.fields, disabled: true });
  assert.equal(decideChatbot({ type: 'UpdateChatbot', changes: {}, now: new Date() }, active), []);
});

test('a deleted or missing chatbot takes no update or delete', () => {
  const deleted = fold(evolveChatbot, active, decideChatbot({ type: 'DeleteChatbot' }, active));
  assert.is(deleted.status, 'deleted');
  for (const s of [deleted, initialChatbotState]) {
    assert.throws(
      () => decideChatbot({ type: 'DeleteChatbot' }, s),
      (e: unknown) => e instanceof NotFoundError,
    );
    assert.throws(
      () => decideChatbot({ type: 'UpdateChatbot', changes: { name: 'x' }, now: new Date() }, s),
      (e: unknown) => e instanceof NotFoundError,
    );
  }
  assert.throws(
    () => decideChatbot(create, deleted),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('name: required string, trimmed, 1 to 100 characters', () => {
  assert.is(validateName('  Bot  '), 'Bot');
  assert.is(validateName('x'.repeat(100)), 'x'.repeat(100));
  for (const bad of [undefined, null, 5, true, {}, []]) assert.equal(fieldOf(() => validateName(bad)).field, 'name');
  assert.match(fieldOf(() => validateName('   ')).message, 'empty');
  const long = fieldOf(() => validateName('x'.repeat(101)));
  assert.is(long.field, 'name');
  assert.match(long.message, '100');
  for (const bad of ['Support\nBot', 'Bot\t2', 'Bot\u001b[31m', 'Bot\u2028 2'])
    assert.match(fieldOf(() => validateName(bad)).message, 'name must be a single line without control characters');
});

test('description: optional string with a length cap', () => {
  assert.is(validateDescription(undefined), '');
  assert.is(validateDescription(null), '');
  assert.is(validateDescription('hi'), 'hi');
  assert.is(fieldOf(() => validateDescription(3)).field, 'description');
  assert.is(fieldOf(() => validateDescription('x'.repeat(MAX_CHATBOT_DESCRIPTION + 1))).field, 'description');
  assert.is(validateDescription('Answers billing questions.\n\tOpen 9–5.'), 'Answers billing questions.\n\tOpen 9–5.');
  assert.is(fieldOf(() => validateDescription('bell\u0007')).field, 'description');
});

test('validateChanges keeps only given fields and names each bad one', () => {
  assert.equal(validateChanges({}), {});
  assert.equal(validateChanges({ name: ' N ', disabled: false }), { name: 'N', disabled: false });
  assert.equal(validateChanges({ flow: { steps: [{ type: 'message', text: 'hi' }] } }), {
    flow: { steps: [{ type: 'message', text: 'hi' }] },
  });
  assert.is(fieldOf(() => validateChanges({ disabled: 'yes' })).field, 'disabled');
  assert.is(fieldOf(() => validateChanges({ name: '' })).field, 'name');
  assert.is(fieldOf(() => validateChanges({ description: 1 })).field, 'description');
  assert.is(fieldOf(() => validateChanges({ flow: [] })).field, 'flow');
});

test('copyName appends " (copy)" and keeps the result within 100 characters', () => {
  assert.is(copyName('Bot'), 'Bot (copy)');
  assert.is(copyName('x'.repeat(93)), 'x'.repeat(93) + ' (copy)');
  const long = copyName('y'.repeat(100));
  assert.is(long.length, 100);
  assert.ok(long.endsWith(' (copy)'));
});

test.run();
