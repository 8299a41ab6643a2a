/** Logo addresses (domain/workspace/brandingRules.ts): https anywhere, or this workspace's own uploaded images. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  validateLogoUrl,
  validateOrganizationPatch,
  type LogoSources,
} from '../../../domain/workspace/brandingRules.js';
import { ValidationError } from '../../../domain/errors.js';

const OWN = '/api/v1/workspace/public/media/aaaaaaaaaaaaaaaaaaaaaaaa';
const local: LogoSources = { ownOrigin: 'http://localhost:3000', isOwnImage: (path) => path === OWN };
const hosted: LogoSources = { ownOrigin: 'https://app.confab.test', isOwnImage: (path) => path === OWN };

function refused(raw: unknown, sources: LogoSources): void {
  try {
    validateLogoUrl(raw, 'loginLogo', sources);
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.match((err as Error).message, /loginLogo/);
    return;
  }
  assert.unreachable(`${String(raw)} was accepted`);
}

test('an https address elsewhere is accepted; null and empty clear the logo', () => {
  assert.is(
    validateLogoUrl('https://cdn.example.com/logo.png', 'loginLogo', local),
    'https://cdn.example.com/logo.png',
  );
  assert.is(validateLogoUrl(null, 'loginLogo', local), null);
  assert.is(validateLogoUrl('', 'loginLogo', local), null);
});

test('an image of this workspace on the service is accepted, over http on a local install too', () => {
  assert.is(validateLogoUrl(`http://localhost:3000${OWN}`, 'loginLogo', local), `http://localhost:3000${OWN}`);
  assert.is(validateLogoUrl(`https://app.confab.test${OWN}`, 'loginLogo', hosted), `https://app.confab.test${OWN}`);
});

test('any other address of the service is refused: another upload, a page, an API path, tricks with query or fragment', () => {
  for (const sources of [local, hosted]) {
    const origin = sources.ownOrigin;
    for (const path of [
      '/x',
      '/api/v1/workspace/public/media/bbbbbbbbbbbbbbbbbbbbbbbb',
      '/login',
      `${OWN}?x=1`,
      `${OWN}#x`,
      `${OWN}/../../../login`,
    ])
      refused(origin + path, sources);
  }
});

test('http elsewhere, javascript: and data: are refused', () => {
  for (const raw of [
    'http://elsewhere.example/logo.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'logo.png',
    42,
  ])
    refused(raw, local);
});

test('organization description: a paragraph keeps its line breaks and tabs; other control characters are refused naming it', () => {
  assert.equal(validateOrganizationPatch({ description: 'We make tents.\n\n\tSince 1999.' }), {
    description: 'We make tents.\n\n\tSince 1999.',
  });
  for (const description of ['bell\u0007', 'x\u001b[31m', 'x\u000by', 'x\u0085y']) {
    assert.throws(
      () => validateOrganizationPatch({ description }),
      (e: Error) => e instanceof ValidationError && e.field === 'description',
      JSON.stringify(description),
    );
  }
});

test.run();
