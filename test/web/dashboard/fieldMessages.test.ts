/**
 * The server's validation messages as the dashboard shows them (web/dashboard/ui/fieldMessages.ts,
 * formErrors.ts): the field's label instead of its JSON name, sentences instead of schema terms,
 * and the form's own checks (validators.ts) in the same words. The messages below are the ones
 * the UI audit found shown raw, as the server words them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../web/dashboard/api.js';
import { humanizeFieldMessage } from '../../../web/dashboard/ui/fieldMessages.js';
import { fieldError, formError } from '../../../web/dashboard/ui/formErrors.js';
import { hexColorProblem, webAddressProblem, wholeNumberProblem } from '../../../web/dashboard/ui/validators.js';

const cases: Array<[message: string, field: string, label: string, shown: string]> = [
  [
    'url must be a valid absolute URL',
    'url',
    'Endpoint URL',
    'Endpoint URL must be a full web address, such as https://example.com.',
  ],
  ['url must use https', 'url', 'Endpoint URL', 'Endpoint URL must start with https://.'],
  ['url must not point to localhost', 'url', 'Endpoint URL', 'Endpoint URL must not point to localhost.'],
  [
    'primaryColor must be a color as #RRGGBB',
    'primaryColor',
    'Primary color',
    'Primary color must be a hex color such as #4F46E5.',
  ],
  ['slideDuration must be >= 3', 'slideDuration', 'Slide duration', 'Slide duration must be at least 3.'],
  ['slideDuration must be <= 30', 'slideDuration', 'Slide duration', 'Slide duration must be at most 30.'],
  ['slideDuration must be integer', 'slideDuration', 'Slide duration', 'Slide duration must be a whole number.'],
  ['currentPassword is incorrect', 'currentPassword', 'Current password', 'Current password is incorrect.'],
  // The organization's website used to be told about a logo example.
  [
    'website must be an absolute URL such as https://example.com/logo.png',
    'website',
    'Website',
    'Website must be a full web address, such as https://example.com.',
  ],
  [
    'website must be an http or https URL',
    'website',
    'Website',
    'Website must be a full web address, such as https://example.com.',
  ],
  [
    'adUrl must be an absolute http or https URL such as https://example.com/offer',
    'adUrl',
    'Ad link',
    'Ad link must be a full web address, such as https://example.com.',
  ],
  [
    "loginLogo must be an https URL or the address of an image uploaded to this workspace's gallery",
    'loginLogo',
    'Login logo URL',
    'Login logo URL must be an https:// address or an image uploaded to this workspace.',
  ],
  [
    'display.cardPosition must be "<x>,<y>" with each a percentage from 0 to 100',
    'display.cardPosition',
    'Sign-in card position',
    'Sign-in card position must be "<x>,<y>" with each a percentage from 0 to 100.',
  ],
  [
    'tagline must NOT have more than 150 characters',
    'tagline',
    'Tagline',
    'Tagline can be at most 150 characters long.',
  ],
  ['displayName must not be empty', 'displayName', 'Display name', 'Display name cannot be empty.'],
];

test('each raw message the audit found reads as a sentence about the labelled field', () => {
  for (const [message, field, label, shown] of cases)
    assert.is(humanizeFieldMessage(message, field, label), shown, message);
});

test('a message that does not start with the field keeps its own words', () => {
  assert.is(
    humanizeFieldMessage('The code is incorrect; 4 attempts left', 'otp', 'Code'),
    'The code is incorrect; 4 attempts left.',
  );
});

test('fieldError picks the message for its field only; formError takes what names none of them', () => {
  const labels = { url: 'Endpoint URL', events: 'Events' };
  const bad = new ApiError(400, 'VALIDATION_ERROR', 'url must use https', 'url');
  assert.is(fieldError(bad, 'url', labels), 'Endpoint URL must start with https://.');
  assert.is(fieldError(bad, 'events', labels), null);
  assert.is(formError(bad, labels), null, 'shown at the field, not again above the form');
  const other = new ApiError(403, 'PLAN_LIMIT', 'Your plan allows 3 webhooks');
  assert.is(fieldError(other, 'url', labels), null);
  assert.is(formError(other, labels), 'Your plan allows 3 webhooks');
});

test("the form's own checks: hex colours, web addresses, whole numbers in range", () => {
  assert.is(hexColorProblem('Primary color', '#4F46E5'), null);
  assert.is(hexColorProblem('Primary color', '#4F46E'), 'Primary color must be a hex color such as #4F46E5.');
  assert.is(hexColorProblem('Primary color', 'blue'), 'Primary color must be a hex color such as #4F46E5.');
  assert.is(webAddressProblem('Website', ''), null, 'optional: empty is fine');
  assert.is(webAddressProblem('Website', 'https://acme.example'), null);
  assert.is(
    webAddressProblem('Website', 'not a url'),
    'Website must be a full web address, such as https://example.com.',
  );
  assert.is(
    webAddressProblem('Website', 'mailto:a@b.c'),
    'Website must be a full web address, such as https://example.com.',
  );
  assert.is(
    webAddressProblem('Endpoint URL', 'http://hooks.example.com/x', { https: true }),
    'Endpoint URL must start with https://.',
  );
  assert.is(
    webAddressProblem('Endpoint URL', 'https://', { https: true }),
    'Endpoint URL must be a full web address, such as https://hooks.example.com/confab.',
  );
  assert.is(wholeNumberProblem('Slide duration', '6', 3, 30), null);
  assert.is(wholeNumberProblem('Slide duration', '2', 3, 30), 'Slide duration must be from 3 to 30.');
  assert.is(wholeNumberProblem('Slide duration', '4.5', 3, 30), 'Slide duration must be a whole number from 3 to 30.');
  assert.is(wholeNumberProblem('Slide duration', '', 3, 30), 'Slide duration must be a whole number from 3 to 30.');
});

test.run();
