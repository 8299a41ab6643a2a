/** The flow reads both doors make: a chatbot's published versions and one of them. */
import { NotFoundError } from '../../../domain/errors.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { FLOW_VERSIONS, type FlowVersionDoc, flowVersionId } from '../../../projections/views/flowVersionsView.js';

/** Newest first. */
export function flowVersions(views: ReadStoreReader, chatbotId: string): Promise<FlowVersionDoc[]> {
  return views.find(FLOW_VERSIONS, { chatbotId }, { sort: [['version', -1]] });
}

/** One published version of a chatbot the caller owns (check that first). */
export async function flowVersion(views: ReadStoreReader, chatbotId: string, version: number): Promise<FlowVersionDoc> {
  const doc = await views.get(FLOW_VERSIONS, flowVersionId(chatbotId, version));
  if (!doc) throw new NotFoundError(`This chatbot has no flow version ${version}`);
  return doc;
}

export const publicationOf = (doc: FlowVersionDoc) => ({ version: doc.version, publishedAt: doc.publishedAt });
