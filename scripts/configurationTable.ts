/**
 * Writes the configuration table (infrastructure/configurationTable.ts) into
 * docs/configuration.md between its markers: `node --import tsx scripts/configurationTable.ts`.
 * test/infrastructure/configurationTable.test.ts fails when the page's table is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { configurationTable, TABLE_END, TABLE_START } from '../infrastructure/configurationTable.js';

const page = new URL('../docs/configuration.md', import.meta.url);
const text = readFileSync(page, 'utf8');
const start = text.indexOf(TABLE_START);
const end = text.indexOf(TABLE_END);
if (start < 0 || end < start) throw new Error('docs/configuration.md has no configuration table markers');
writeFileSync(page, `${text.slice(0, start + TABLE_START.length)}\n\n${configurationTable()}\n\n${text.slice(end)}`);
console.log('wrote the configuration table into docs/configuration.md');
