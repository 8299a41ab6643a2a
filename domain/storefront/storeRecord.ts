/**
 * The storefront app's store record and its lifecycle (docs/storefront.md),
 * stream `store-<hash>`. It holds what the merchant sees and sets: who installed the
 * app, the users BigCommerce let in, the Chatbot ID and the enabled switch, and which storefronts
 * the loader script reached (domain/storefront/loaderCoverage.ts).
 *
 * The store's access token is deliberately not part of any event: the event log is exported and
 * kept forever, so the token lives encrypted in its own table (infrastructure/bigcommerce/
 * storeTokenStore.ts) and is deleted with the uninstall.
 */
import type { Decider, DomainEvent } from '../event.js';
import { NotFoundError } from '../errors.js';
import { normalizedCoverage, sameCoverage, type LoaderCoverage } from './loaderCoverage.js';
import { unhandled } from '../unhandled.js';

export interface StoreUser {
  id: string;
  email: string;
}

export type StoreEvent =
  | DomainEvent<'StoreInstalled', { storeHash: string; scope: string; installedBy: StoreUser; ownerId: string | null }>
  | DomainEvent<'StoreUserAdded', { storeHash: string; user: StoreUser }>
  | DomainEvent<'StoreUserRemoved', { storeHash: string; userId: string }>
  | DomainEvent<'StoreSettingsChanged', { storeHash: string; chatbotId: string; enabled: boolean }>
  | DomainEvent<'LoaderCoverageChanged', { storeHash: string } & LoaderCoverage>
  | DomainEvent<'StoreUninstalled', { storeHash: string }>;

export interface StoreState {
  installed: boolean;
  storeHash: string | null;
  scope: string;
  users: StoreUser[];
  chatbotId: string | null;
  enabled: boolean;
  /** Null until a registration is recorded (streams written before coverage was recorded, too). */
  loaderCoverage: LoaderCoverage | null;
}

export const initialStoreState: StoreState = {
  installed: false,
  storeHash: null,
  scope: '',
  users: [],
  chatbotId: null,
  enabled: false,
  loaderCoverage: null,
};

export type StoreCommand =
  | { type: 'Install'; storeHash: string; scope: string; installedBy: StoreUser; ownerId: string | null }
  | { type: 'AdmitUser'; user: StoreUser }
  | { type: 'RemoveUser'; userId: string }
  | { type: 'ChangeSettings'; chatbotId: string; enabled: boolean }
  | ({ type: 'RecordLoaderCoverage' } & LoaderCoverage)
  | { type: 'Uninstall' };

const NOT_INSTALLED = 'The Confab app is not installed on this store';

function decide(command: StoreCommand, state: StoreState): StoreEvent[] {
  if (command.type === 'Install') {
    // A reinstall (a scope update, or after an uninstall BigCommerce never told us about) keeps
    // the settings; it only records who installed it this time.
    const { type: _t, ...data } = command;
    return [{ type: 'StoreInstalled', data }];
  }
  if (!state.installed || !state.storeHash) {
    // Callbacks for a store we no longer hold change nothing; they are not errors for BigCommerce.
    if (command.type === 'Uninstall' || command.type === 'RemoveUser') return [];
    throw new NotFoundError(NOT_INSTALLED, 'STORE_NOT_INSTALLED');
  }
  const storeHash = state.storeHash;
  switch (command.type) {
    case 'AdmitUser':
      return state.users.some((u) => u.id === command.user.id)
        ? []
        : [{ type: 'StoreUserAdded', data: { storeHash, user: command.user } }];
    case 'RemoveUser':
      return state.users.some((u) => u.id === command.userId)
        ? [{ type: 'StoreUserRemoved', data: { storeHash, userId: command.userId } }]
        : [];
    case 'ChangeSettings':
      if (state.chatbotId === command.chatbotId && state.enabled === command.enabled) return [];
      return [
        { type: 'StoreSettingsChanged', data: { storeHash, chatbotId: command.chatbotId, enabled: command.enabled } },
      ];
    case 'RecordLoaderCoverage': {
      const { type: _t, ...found } = command;
      return sameCoverage(state.loaderCoverage, found)
        ? []
        : [{ type: 'LoaderCoverageChanged', data: { storeHash, ...normalizedCoverage(found) } }];
    }
    case 'Uninstall':
      return [{ type: 'StoreUninstalled', data: { storeHash } }];
    default:
      return unhandled(command);
  }
}

function withUser(users: StoreUser[], user: StoreUser): StoreUser[] {
  return [...users.filter((u) => u.id !== user.id), user];
}

function evolve(state: StoreState, event: StoreEvent): StoreState {
  switch (event.type) {
    case 'StoreInstalled':
      return {
        ...state,
        installed: true,
        storeHash: event.data.storeHash,
        scope: event.data.scope,
        users: withUser(state.users, event.data.installedBy),
      };
    case 'StoreUserAdded':
      return { ...state, users: withUser(state.users, event.data.user) };
    case 'StoreUserRemoved':
      return { ...state, users: state.users.filter((u) => u.id !== event.data.userId) };
    case 'StoreSettingsChanged':
      return { ...state, chatbotId: event.data.chatbotId, enabled: event.data.enabled };
    case 'LoaderCoverageChanged': {
      const { storeHash: _s, ...coverage } = event.data;
      return { ...state, loaderCoverage: normalizedCoverage(coverage) };
    }
    case 'StoreUninstalled':
      // Uninstall removes the record; a later install starts from nothing.
      return { ...initialStoreState };
    default:
      return state;
  }
}

export const storeDecider: Decider<StoreCommand, StoreState, StoreEvent> = {
  decide,
  evolve,
  initialState: initialStoreState,
};

export function storeStreamId(storeHash: string): string {
  return `store-${storeHash}`;
}
