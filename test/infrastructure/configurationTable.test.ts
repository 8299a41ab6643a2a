/**
 * docs/configuration.md's table of rules is the one made from the schema: a variable added to or
 * changed in infrastructure/configSchema.ts without rerunning scripts/configurationTable.ts fails.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_VARIABLES } from '../../infrastructure/configSchema.js';
import { configurationTable, TABLE_END, TABLE_START, tableCells } from '../../infrastructure/configurationTable.js';

const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

test('the page holds the table made from the schema, row for row', () => {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  assert.ok(start >= 0 && end > start, 'the markers are on the page');
  assert.equal(tableCells(page.slice(start, end)), tableCells(configurationTable()));
});

test('every variable of the schema has a row, secrets are marked, and pairs name each other', () => {
  const rows = new Map(tableCells(configurationTable()).map(([name, rule, notes]) => [name!, { rule, notes }]));
  for (const [name, variable] of Object.entries(CONFIG_VARIABLES)) {
    const row = rows.get(`\`${name}\``);
    assert.ok(row, name);
    assert.is(row!.rule, `must ${variable.rule}`);
    assert.is(row!.notes!.includes('secret'), variable.secret === true, name);
  }
  assert.match(rows.get('`OIDC_ISSUER`')!.notes!, /set together with `OIDC_CLIENT_ID`/);
});

test.run();
