import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isStoreUnavailable } from '../../../infrastructure/sql/storeUnavailable.js';

test('connection failures and server shutdowns count as unavailable', () => {
  for (const err of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    new Error('Connection terminated unexpectedly'),
    new Error('Query read timeout'),
    new Error('timeout exceeded when trying to connect'),
  ])
    assert.ok(isStoreUnavailable(err), err.message);
});

test('query errors and anything else do not', () => {
  for (const err of [
    Object.assign(new Error('duplicate key value'), { code: '23505' }),
    Object.assign(new Error('invalid input syntax'), { code: '22P02' }),
    new Error('boom'),
    null,
    'text',
  ])
    assert.not.ok(isStoreUnavailable(err), String(err));
});

test.run();
