/**
 * Writes the configuration tables (infrastructure/configurationTable.ts) into docs/configuration.md
 * and the README between their markers: `node --import tsx scripts/configurationTable.ts`.
 * test/infrastructure/configurationTable.test.ts fails when a page's table is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_TABLES, withTable } from '../infrastructure/configurationTable.js';

for (const generated of GENERATED_TABLES) {
  const page = new URL(`../${generated.page}`, import.meta.url);
  writeFileSync(page, withTable(readFileSync(page, 'utf8'), generated, generated.markdown()));
  console.log(`wrote the configuration table into ${generated.page}`);
}
