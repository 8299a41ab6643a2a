/** The store record decider: install, users, settings, loader coverage, uninstall; never a token. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/event.js';
import {
  storeDecider,
  type StoreCommand,
  type StoreEvent,
  type StoreState,
} from '../../../domain/storefront/storeRecord.js';
import { NotFoundError } from '../../../domain/errors.js';

const owner = { id: '1', email: 'owner@store.example' };
const staff = { id: '2', email: 'staff@store.example' };

function run(commands: StoreCommand[]): { state: StoreState; events: StoreEvent[] } {
  let state = storeDecider.initialState;
  const events: StoreEvent[] = [];
  for (const c of commands) {
    const out = storeDecider.decide(c, state) as StoreEvent[];
    events.push(...out);
    state = fold(storeDecider.evolve, state, out);
  }
  return { state, events };
}

const install: StoreCommand = {
  type: 'Install',
  storeHash: 'abc',
  scope: 'store_v2_content',
  installedBy: owner,
  ownerId: '1',
};

test('install records the store and its installing user, switched off', () => {
  const { state, events } = run([install]);
  assert.equal(state, {
    installed: true,
    storeHash: 'abc',
    scope: 'store_v2_content',
    users: [owner],
    chatbotId: null,
    enabled: false,
    loaderCoverage: null,
  });
  assert.equal(
    events.map((e) => e.type),
    ['StoreInstalled'],
  );
  assert.not.ok(JSON.stringify(events).includes('token'));
});

test('users are admitted once and removed; settings change only when different', () => {
  const { state, events } = run([
    install,
    { type: 'AdmitUser', user: staff },
    { type: 'AdmitUser', user: staff },
    { type: 'ChangeSettings', chatbotId: 'x'.repeat(24), enabled: true },
    { type: 'ChangeSettings', chatbotId: 'x'.repeat(24), enabled: true },
    { type: 'RemoveUser', userId: '2' },
    { type: 'RemoveUser', userId: '2' },
  ]);
  assert.equal(
    events.map((e) => e.type),
    ['StoreInstalled', 'StoreUserAdded', 'StoreSettingsChanged', 'StoreUserRemoved'],
  );
  assert.equal(state.users, [owner]);
  assert.is(state.enabled, true);
});

test('a reinstall keeps the settings; an uninstall removes everything and a later install starts fresh', () => {
  const settings: StoreCommand = { type: 'ChangeSettings', chatbotId: 'a'.repeat(24), enabled: true };
  assert.is(run([install, settings, install]).state.chatbotId, 'a'.repeat(24));
  const { state } = run([install, settings, { type: 'Uninstall' }, install]);
  assert.equal({ chatbotId: state.chatbotId, enabled: state.enabled }, { chatbotId: null, enabled: false });
});

test('a store that is not installed: load and settings are refused, uninstall and remove_user do nothing', () => {
  assert.throws(
    () => storeDecider.decide({ type: 'AdmitUser', user: owner }, storeDecider.initialState),
    (e: Error) => e instanceof NotFoundError,
  );
  assert.throws(
    () =>
      storeDecider.decide(
        { type: 'ChangeSettings', chatbotId: 'a'.repeat(24), enabled: true },
        storeDecider.initialState,
      ),
    (e: Error) => e instanceof NotFoundError,
  );
  assert.equal(storeDecider.decide({ type: 'Uninstall' }, storeDecider.initialState), []);
  assert.equal(storeDecider.decide({ type: 'RemoveUser', userId: '1' }, storeDecider.initialState), []);
});

const coverage = (channels: number[], leftOut: number[], channelsRead = true): StoreCommand => ({
  type: 'RecordLoaderCoverage',
  channels,
  leftOut,
  channelsRead,
});

test('loader coverage is recorded sorted, and again only when it differs (channel order does not count)', () => {
  const { state, events } = run([
    install,
    coverage([12, 1, 5], [14, 13]),
    coverage([1, 12, 5], [13, 14]),
    coverage([5, 12, 1, 1], [14, 13]),
    coverage([1, 5, 12, 13], [14]),
    coverage([1], [], false),
    coverage([1], [], false),
    coverage([1], []),
  ]);
  const changes = events.filter((e) => e.type === 'LoaderCoverageChanged').map((e) => e.data);
  assert.equal(changes, [
    { storeHash: 'abc', channels: [1, 5, 12], leftOut: [13, 14], channelsRead: true },
    { storeHash: 'abc', channels: [1, 5, 12, 13], leftOut: [14], channelsRead: true },
    { storeHash: 'abc', channels: [1], leftOut: [], channelsRead: false },
    { storeHash: 'abc', channels: [1], leftOut: [], channelsRead: true },
  ]);
  assert.equal(state.loaderCoverage, { channels: [1], leftOut: [], channelsRead: true });
});

test('storefronts BigCommerce refused are part of the coverage: recorded sorted, and again only when they change', () => {
  const refused = (channels: number[], refusedByPlatform: number[]): StoreCommand => ({
    type: 'RecordLoaderCoverage',
    channels,
    leftOut: [],
    channelsRead: true,
    refusedByPlatform,
  });
  const { state, events } = run([
    install,
    coverage([1], []),
    refused([1], []),
    refused([1], [7, 3]),
    refused([1], [3, 7, 3]),
    refused([1, 3], [7]),
    coverage([1, 3, 7], []),
  ]);
  const changes = events.filter((e) => e.type === 'LoaderCoverageChanged').map((e) => e.data);
  assert.equal(changes, [
    { storeHash: 'abc', channels: [1], leftOut: [], channelsRead: true },
    { storeHash: 'abc', channels: [1], leftOut: [], channelsRead: true, refusedByPlatform: [3, 7] },
    { storeHash: 'abc', channels: [1, 3], leftOut: [], channelsRead: true, refusedByPlatform: [7] },
    // None refused any more: the event looks as every coverage did before refusals were recorded.
    { storeHash: 'abc', channels: [1, 3, 7], leftOut: [], channelsRead: true },
  ]);
  assert.equal(state.loaderCoverage, { channels: [1, 3, 7], leftOut: [], channelsRead: true });
});

test('a reinstall keeps the coverage until the next one is recorded; an uninstall forgets it', () => {
  const recorded = coverage([1, 2], [3]);
  assert.equal(run([install, recorded, install]).state.loaderCoverage, {
    channels: [1, 2],
    leftOut: [3],
    channelsRead: true,
  });
  assert.is(run([install, recorded, { type: 'Uninstall' }, install]).state.loaderCoverage, null);
});

test('a stream written before coverage was recorded folds to no coverage, and its first record is an event', () => {
  const old: StoreEvent[] = [
    { type: 'StoreInstalled', data: { storeHash: 'abc', scope: 'x', installedBy: owner, ownerId: null } },
    { type: 'StoreSettingsChanged', data: { storeHash: 'abc', chatbotId: 'a'.repeat(24), enabled: true } },
  ];
  const state = fold(storeDecider.evolve, storeDecider.initialState, old);
  assert.is(state.loaderCoverage, null);
  assert.is(state.chatbotId, 'a'.repeat(24));
  assert.equal(storeDecider.decide(coverage([1], []), state), [
    { type: 'LoaderCoverageChanged', data: { storeHash: 'abc', channels: [1], leftOut: [], channelsRead: true } },
  ]);
});

test('coverage of a store that is not installed (never, or no longer) is refused', () => {
  assert.throws(
    () => storeDecider.decide(coverage([1], []), storeDecider.initialState),
    (e: Error) => e instanceof NotFoundError && (e as NotFoundError).code === 'STORE_NOT_INSTALLED',
  );
  const gone = run([install, { type: 'Uninstall' }]).state;
  assert.throws(
    () => storeDecider.decide(coverage([1], []), gone),
    (e: Error) => e instanceof NotFoundError,
  );
});

test.run();
