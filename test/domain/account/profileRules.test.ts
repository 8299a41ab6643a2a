import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../domain/errors.js';
import {
  validateAccountName,
  validateEmailAddress,
  validateProfilePatch,
} from '../../../domain/account/profileRules.js';

const now = new Date('2024-06-15T12:00:00Z');

function rejects(body: unknown, field: string | undefined, messagePart?: RegExp): ValidationError {
  try {
    validateProfilePatch(body, now);
  } catch (err) {
    assert.instance(err, ValidationError);
    const e = err as ValidationError;
    assert.is(e.field, field, `field for ${JSON.stringify(body)}`);
    if (messagePart) assert.match(e.message, messagePart);
    return e;
  }
  assert.unreachable(`expected ${JSON.stringify(body)} to be rejected`);
  throw new Error('unreachable');
}

test('empty object is a no-op patch', () => {
  assert.equal(validateProfilePatch({}, now), {});
});

test('body must be a plain object', () => {
  for (const body of [null, undefined, 'name', 42, ['name'], true]) rejects(body, undefined, /JSON object/);
});

test('email is rejected with a pointer to the email-change flow', () => {
  rejects({ email: 'a@example.com' }, 'email', /email-change flow/);
  rejects({ name: 'Ann', email: 'a@example.com' }, 'email');
});

test('unknown keys are rejected by name', () => {
  const e = rejects({ nickname: 'x' }, 'nickname', /nickname/);
  assert.match(e.message, /name, phone, dateOfBirth, address, timezone/);
  rejects({ role: 'admin' }, 'role');
  rejects({ __proto__x: 1 }, '__proto__x');
});

test('a full valid patch is returned normalised', () => {
  assert.equal(
    validateProfilePatch(
      {
        name: '  Ann Lee ',
        phone: '+1 (555) 123-4567',
        dateOfBirth: '1990-05-01',
        address: '1 Main St\nSpringfield',
        timezone: 'Europe/Berlin',
      },
      now,
    ),
    {
      name: 'Ann Lee',
      phone: '+1 (555) 123-4567',
      dateOfBirth: '1990-05-01',
      address: '1 Main St\nSpringfield',
      timezone: 'Europe/Berlin',
    },
  );
});

test('name: wrong types', () => {
  for (const name of [null, 42, {}, [], true]) rejects({ name }, 'name', /name must be a string/);
});

test('name: HTML tags are stripped', () => {
  assert.is(validateProfilePatch({ name: '<b>Ann</b>' }, now).name, 'Ann');
  assert.is(validateProfilePatch({ name: '<a href="x" onclick="y">Ann</a> <i>Lee</i>' }, now).name, 'Ann Lee');
  assert.is(validateProfilePatch({ name: '<p>Ann</p>\n<p>Lee</p>' }, now).name, 'Ann Lee');
});

test('name: script content is dropped, not kept as text', () => {
  assert.is(validateProfilePatch({ name: '<script>alert(1)</script>Bob' }, now).name, 'Bob');
  rejects({ name: '<script>x</script>' }, 'name', /must not be empty/);
  rejects({ name: '<img src=x onerror=alert(1)>' }, 'name', /must not be empty/);
});

test('name: markup hidden behind entities or split tags does not survive', () => {
  const a = validateProfilePatch({ name: '&lt;script&gt;alert(1)&lt;/script&gt;Eve' }, now).name!;
  assert.not.match(a, /</);
  assert.is(a, 'Eve');
  const b = validateProfilePatch({ name: '<<b>script>alert(1)<</b>/script>Eve' }, now).name!;
  assert.not.match(b, /<|script/);
});

test('name: plain-text punctuation and entities read naturally', () => {
  assert.is(validateProfilePatch({ name: 'Tom & Jerry' }, now).name, 'Tom & Jerry');
  assert.is(validateProfilePatch({ name: 'Tom &amp; Jerry' }, now).name, 'Tom & Jerry');
  assert.is(validateProfilePatch({ name: `O'Brien "Al"` }, now).name, `O'Brien "Al"`);
  assert.is(validateProfilePatch({ name: 'a < b' }, now).name, 'a < b');
});

test('name and address: a < that starts no tag is text, and what follows it is kept', () => {
  assert.is(validateProfilePatch({ name: 'Ann<Bob' }, now).name, 'Ann<Bob');
  assert.is(validateProfilePatch({ name: 'x<y' }, now).name, 'x<y');
  assert.is(validateProfilePatch({ name: '2<3 and 5>4' }, now).name, '2<3 and 5>4');
  assert.is(
    validateProfilePatch({ address: 'Unit 5<Building B, 12 Main St' }, now).address,
    'Unit 5<Building B, 12 Main St',
  );
  // Real tags next to it still go.
  assert.is(validateProfilePatch({ name: 'Ann<b>Lee</b><Bob' }, now).name, 'AnnLee<Bob');
});

test('name: empty or blank is rejected', () => {
  rejects({ name: '' }, 'name', /empty/);
  rejects({ name: '   \n ' }, 'name', /empty/);
});

test('name: 200 characters ok, 201 rejected, counted after stripping', () => {
  assert.is(validateProfilePatch({ name: 'a'.repeat(200) }, now).name!.length, 200);
  rejects({ name: 'a'.repeat(201) }, 'name', /at most 200/);
  assert.is(validateProfilePatch({ name: `<b>${'a'.repeat(200)}</b>` }, now).name!.length, 200);
  // Emoji are one character each to a user even though they are two UTF-16 units.
  assert.is(validateProfilePatch({ name: '😀'.repeat(200) }, now).name, '😀'.repeat(200));
  rejects({ name: 'x'.repeat(50_000) }, 'name', /at most 200/);
});

test('address: stripped, max 500, null clears', () => {
  assert.is(validateProfilePatch({ address: '<em>1 Main St</em>' }, now).address, '1 Main St');
  assert.is(validateProfilePatch({ address: 'b'.repeat(500) }, now).address!.length, 500);
  rejects({ address: 'b'.repeat(501) }, 'address', /at most 500/);
  assert.equal(validateProfilePatch({ address: null }, now), { address: null });
  assert.equal(validateProfilePatch({ address: '<br>' }, now), { address: null });
  for (const address of [42, {}, true]) rejects({ address }, 'address', /string or null/);
});

test('phone: accepted formats', () => {
  assert.is(validateProfilePatch({ phone: '+1 (555) 123-4567' }, now).phone, '+1 (555) 123-4567');
  assert.is(validateProfilePatch({ phone: '123456' }, now).phone, '123456');
  assert.is(validateProfilePatch({ phone: '1'.repeat(20) }, now).phone, '1'.repeat(20));
  assert.is(validateProfilePatch({ phone: ' 030 1234567 ' }, now).phone, '030 1234567');
  assert.equal(validateProfilePatch({ phone: null }, now), { phone: null });
});

test('phone: letters, other characters and digit counts are rejected', () => {
  const msg = /6 to 20 digits and only digits, \+, spaces, dashes and parentheses/;
  rejects({ phone: '555-CALL-NOW' }, 'phone', msg);
  rejects({ phone: '+49 30 1234567 ext 5' }, 'phone', msg);
  rejects({ phone: '030.123.4567' }, 'phone', msg);
  rejects({ phone: '12345' }, 'phone', msg);
  rejects({ phone: '+1 (2) 3-45' }, 'phone', msg);
  rejects({ phone: '1'.repeat(21) }, 'phone', msg);
  rejects({ phone: '' }, 'phone', msg);
  rejects({ phone: '+-() ' }, 'phone', msg);
  for (const phone of [5551234567, {}, []]) rejects({ phone }, 'phone', /string or null/);
});

test('phone: at most 40 characters, whatever the separators', () => {
  assert.is(
    validateProfilePatch({ phone: '+1 (555) 123 - 4567 - 890 - 12' }, now).phone,
    '+1 (555) 123 - 4567 - 890 - 12',
  );
  rejects({ phone: `1${'-'.repeat(2_000_000)}23456` }, 'phone', /at most 40 characters/);
  rejects({ phone: `12345${' '.repeat(40)}6` }, 'phone', /at most 40 characters/);
});

test('dateOfBirth: real calendar dates only', () => {
  assert.is(validateProfilePatch({ dateOfBirth: '2024-02-29' }, now).dateOfBirth, '2024-02-29');
  rejects({ dateOfBirth: '2023-02-29' }, 'dateOfBirth', /not a real calendar date/);
  rejects({ dateOfBirth: '2023-02-30' }, 'dateOfBirth', /not a real calendar date/);
  rejects({ dateOfBirth: '2023-13-01' }, 'dateOfBirth', /not a real calendar date/);
  rejects({ dateOfBirth: '2023-00-10' }, 'dateOfBirth', /not a real calendar date/);
  rejects({ dateOfBirth: '2023-04-31' }, 'dateOfBirth', /not a real calendar date/);
});

test('dateOfBirth: format', () => {
  for (const dateOfBirth of ['1990-5-1', '01/05/1990', '1990-05-01T00:00:00Z', '19900501', ' 1990-05-01', '']) {
    rejects({ dateOfBirth }, 'dateOfBirth', /YYYY-MM-DD/);
  }
  for (const dateOfBirth of [19900501, {}, true]) rejects({ dateOfBirth }, 'dateOfBirth', /string/);
  assert.equal(validateProfilePatch({ dateOfBirth: null }, now), { dateOfBirth: null });
});

test('dateOfBirth: not in the future, not before 1900', () => {
  assert.is(validateProfilePatch({ dateOfBirth: '2024-06-15' }, now).dateOfBirth, '2024-06-15');
  rejects({ dateOfBirth: '2024-06-16' }, 'dateOfBirth', /future/);
  rejects({ dateOfBirth: '2999-01-01' }, 'dateOfBirth', /future/);
  assert.is(validateProfilePatch({ dateOfBirth: '1900-01-01' }, now).dateOfBirth, '1900-01-01');
  rejects({ dateOfBirth: '1899-12-31' }, 'dateOfBirth', /1900-01-01/);
});

test('timezone: real IANA names only, not nullable', () => {
  assert.is(validateProfilePatch({ timezone: 'Europe/Berlin' }, now).timezone, 'Europe/Berlin');
  assert.is(validateProfilePatch({ timezone: 'UTC' }, now).timezone, 'UTC');
  assert.is(
    validateProfilePatch({ timezone: 'America/Argentina/Buenos_Aires' }, now).timezone,
    'America/Argentina/Buenos_Aires',
  );
  assert.is(validateProfilePatch({ timezone: 'europe/berlin' }, now).timezone, 'Europe/Berlin');
  assert.is(validateProfilePatch({ timezone: 'utc' }, now).timezone, 'UTC');
  // Current IANA spellings are kept even where ICU would report a legacy alias.
  assert.is(validateProfilePatch({ timezone: 'Asia/Kolkata' }, now).timezone, 'Asia/Kolkata');
  assert.is(validateProfilePatch({ timezone: 'Europe/Kyiv' }, now).timezone, 'Europe/Kyiv');
  const msg = /real IANA time zone name/;
  for (const timezone of ['Mars/Base', '+01:00', '-05:00', '0100', 'Europe/Berlinn', '', 'Berlin']) {
    rejects({ timezone }, 'timezone', msg);
  }
  rejects({ timezone: null }, 'timezone', /must be a string/);
  rejects({ timezone: 1 }, 'timezone', /must be a string/);
});

test('validateEmailAddress: normalises and accepts practical addresses', () => {
  assert.is(validateEmailAddress('  Ann.Lee@Example.COM '), 'ann.lee@example.com');
  assert.is(validateEmailAddress('a+tag@mail.example.co.uk'), 'a+tag@mail.example.co.uk');
  assert.is(validateEmailAddress("o'brien@xn--bcher-kva.example"), "o'brien@xn--bcher-kva.example");
  assert.is(validateEmailAddress(`${'a'.repeat(64)}@example.com`), `${'a'.repeat(64)}@example.com`);
});

test('validateEmailAddress: rejects malformed addresses and names the field', () => {
  const bad = [
    'plain',
    '@example.com',
    'ann@',
    'ann@@example.com',
    'a@b@example.com',
    'ann@localhost',
    'ann@example',
    'ann@-example.com',
    'ann@example-.com',
    'ann@exa_mple.com',
    'ann@example..com',
    'ann@1.2.3.4',
    '.ann@example.com',
    'ann.@example.com',
    'an..n@example.com',
    'ann lee@example.com',
    '"ann"@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`,
    '',
  ];
  for (const raw of bad) {
    try {
      validateEmailAddress(raw);
      assert.unreachable(`accepted ${raw}`);
    } catch (err) {
      assert.instance(err, ValidationError, raw);
      assert.is((err as ValidationError).field, 'newEmail');
    }
  }
  try {
    validateEmailAddress(42, 'email');
    assert.unreachable();
  } catch (err) {
    assert.is((err as ValidationError).field, 'email');
    assert.match((err as ValidationError).message, /must be a string/);
  }
});

test('validateAccountName: the account name rule, for names that come from elsewhere (the CLI, sign-up), naming their field', () => {
  assert.is(validateAccountName('Ünïcødé 🤖 <b>bold</b>', 'name'), 'Ünïcødé 🤖 bold');
  assert.is(validateAccountName('  Acme   Inc  '), 'Acme Inc');
  assert.is(validateAccountName('x<y & <i>z</i>'), 'x<y & z');
  assert.is(validateAccountName('🤖'.repeat(200)), '🤖'.repeat(200), '200 characters, not UTF-16 units');
  for (const [raw, message] of [
    ['<b></b>', /ownerName must not be empty/],
    ['a'.repeat(201), /ownerName must be at most 200 characters/],
    [42, /ownerName must be a string/],
  ] as const) {
    try {
      validateAccountName(raw, 'ownerName');
      assert.unreachable(String(raw));
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.is((err as ValidationError).field, 'ownerName');
      assert.match((err as Error).message, message);
    }
  }
});

test.run();
