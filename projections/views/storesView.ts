/**
 * `stores`: the storefront app's installed stores, keyed by store hash, as the settings page and
 * the loader read them. No token here (it is in no event): see domain/storefront/storeRecord.ts.
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection, stampedAt } from '../projection.js';
import type { StoreUser } from '../../domain/storefront/storeRecord.js';
import { normalizedCoverage, type LoaderCoverage } from '../../domain/storefront/loaderCoverage.js';

export const STORES = collection<StoreDoc>('stores');

export interface StoreDoc {
  id: string;
  storeHash: string;
  scope: string;
  installedBy: StoreUser;
  users: StoreUser[];
  chatbotId: string | null;
  enabled: boolean;
  /** Which storefronts the loader reached; absent or null until a registration is recorded. */
  loaderCoverage?: LoaderCoverage | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const storesView = defineProjection('stores', [{ name: STORES.name, indexes: [] }], {
  async StoreInstalled(e, tx) {
    const d = e.data;
    const current = await tx.get(STORES, d.storeHash);
    if (current) {
      const users = [...current.users.filter((u) => u.id !== d.installedBy.id), d.installedBy];
      await tx.patch(STORES, d.storeHash, {
        scope: d.scope,
        installedBy: d.installedBy,
        users,
        updatedAt: e.metadata.occurredAt,
      });
      return;
    }
    await tx.upsert(STORES, {
      id: d.storeHash,
      storeHash: d.storeHash,
      scope: d.scope,
      installedBy: d.installedBy,
      users: [d.installedBy],
      chatbotId: null,
      enabled: false,
      loaderCoverage: null,
      ...stampedAt(e),
    });
  },
  async StoreUserAdded(e, tx) {
    const d = e.data;
    const current = await tx.get(STORES, d.storeHash);
    if (current)
      await tx.patch(STORES, d.storeHash, {
        users: [...current.users.filter((u) => u.id !== d.user.id), d.user],
        updatedAt: e.metadata.occurredAt,
      });
  },
  async StoreUserRemoved(e, tx) {
    const d = e.data;
    const current = await tx.get(STORES, d.storeHash);
    if (current)
      await tx.patch(STORES, d.storeHash, {
        users: current.users.filter((u) => u.id !== d.userId),
        updatedAt: e.metadata.occurredAt,
      });
  },
  async StoreSettingsChanged(e, tx) {
    const d = e.data;
    await tx.patch(STORES, d.storeHash, {
      chatbotId: d.chatbotId,
      enabled: d.enabled,
      updatedAt: e.metadata.occurredAt,
    });
  },
  async LoaderCoverageChanged(e, tx) {
    const { storeHash, ...coverage } = e.data;
    await tx.patch(STORES, storeHash, {
      loaderCoverage: normalizedCoverage(coverage),
      updatedAt: e.metadata.occurredAt,
    });
  },
  async StoreUninstalled(e, tx) {
    await tx.delete(STORES, e.data.storeHash);
  },
});
