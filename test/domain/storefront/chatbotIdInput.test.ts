/** The Chatbot ID field's rule: the one 24-hex id in a bare id, an embed snippet or a dashboard URL. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extractChatbotId } from '../../../domain/storefront/chatbotIdInput.js';

const ID = '65f1c0ffee0123456789abcd';

test('a bare id, trimmed and lowercased', () => {
  assert.is(extractChatbotId(ID), ID);
  assert.is(extractChatbotId(`  ${ID.toUpperCase()}\n`), ID);
});

test('the embed snippet and dashboard addresses', () => {
  assert.is(
    extractChatbotId(
      `<script src="https://confab.example/widget.js"></script>\n<script>ConfabWidget('${ID}', 'bubble', { customData: {} })</script>`,
    ),
    ID,
  );
  assert.is(extractChatbotId(`https://acme.confab.example/chatbots/${ID}`), ID);
  assert.is(extractChatbotId(`https://confab.example/dashboard/chatbots/${ID}/flow?tab=1#x`), ID);
  assert.is(
    extractChatbotId(`ConfabWidget("${ID}") and again ConfabWidget("${ID}")`),
    ID,
    'the same id twice is one id',
  );
});

test('no id, two different ids, longer hex runs and non-strings give null', () => {
  for (const input of [
    '',
    '   ',
    'hello',
    ID.slice(1),
    `${ID}0`,
    `x${ID}`,
    '0123456789abcdef0123456789abcdef',
    `${ID} ${'a'.repeat(24)}`,
    'g'.repeat(24),
    'x'.repeat(20_000) + ID,
  ]) {
    assert.is(extractChatbotId(input), null, input.slice(0, 40));
  }
  for (const input of [null, undefined, 42, {}, [ID]]) assert.is(extractChatbotId(input), null);
});

test.run();
