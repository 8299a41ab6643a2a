/** An http step's headers, saves and body as text (web/dashboard/pages/chatbots/graph/httpText.ts), both ways. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  bodyText,
  pairsText,
  parseBody,
  parsePairs,
} from '../../../../../../web/dashboard/pages/chatbots/graph/httpText.js';

test('lines of pairs read back as written; blank lines skipped; none is undefined', () => {
  const headers = { Authorization: 'Bearer {{token}}', 'X-Shop': 'a:b' };
  assert.equal(parsePairs(pairsText(headers, ': '), ':'), headers);
  assert.equal(parsePairs('status = $.order.status\n\n id=$.id ', '='), { status: '$.order.status', id: '$.id' });
  assert.is(parsePairs('  \n', ':'), undefined);
});

test('a JSON object or array body stays JSON; anything else is a text template; blank is none', () => {
  assert.equal(parseBody('{"email": "{{email}}"}'), { email: '{{email}}' });
  assert.equal(parseBody('[1, 2]'), [1, 2]);
  assert.is(parseBody('email={{email}}'), 'email={{email}}');
  assert.is(parseBody('42'), '42');
  assert.is(parseBody(' '), undefined);
  assert.is(bodyText({ a: 1 }), '{\n  "a": 1\n}');
  assert.is(bodyText('x'), 'x');
});

test.run();
