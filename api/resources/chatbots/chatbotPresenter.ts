/**
 * A chatbot as each door answers it: the key door picks the fields its operation returns
 * (docs/external-api.md, Chatbots); the dashboard shows every field of GET plus the flow, and
 * the widget's embed snippet.
 */
import type { ChatbotDoc } from '../../../projections/views/chatbotsView.js';
import { derivedFrom } from '../../http/frozenAnswers.js';
import { CHATBOT_FIELDS } from './chatbotSchemas.js';

export type ChatbotOp = keyof typeof CHATBOT_FIELDS;

const shapes: Record<ChatbotOp, WeakMap<ChatbotDoc, Record<string, unknown>>> = {
  list: new WeakMap(),
  get: new WeakMap(),
  create: new WeakMap(),
  update: new WeakMap(),
  duplicate: new WeakMap(),
};

/** The fields `op` returns, worked out once per view reading. */
export function pick(doc: ChatbotDoc, op: ChatbotOp): Record<string, unknown> {
  return derivedFrom(shapes[op], doc, () => {
    const out: Record<string, unknown> = {};
    for (const f of CHATBOT_FIELDS[op]) out[f] = doc[f] ?? (f === 'description' ? '' : null);
    return out;
  });
}

/** The dashboard's chatbot: every field of GET plus its flow. */
export function presentChatbot(doc: ChatbotDoc) {
  return { ...pick(doc, 'get'), flow: doc.flow };
}

/** The dashboard's list item: the list fields and the description. */
export function presentListedChatbot(doc: ChatbotDoc) {
  return { ...pick(doc, 'list'), description: doc.description ?? '' };
}

/** The widget's embed code (web/widget/index.ts): the script, then one call with the bot id. */
export function embedOf(publicUrl: string, chatbotId: string) {
  const scriptUrl = `${publicUrl.replace(/\/$/, '')}/widget.js`;
  return {
    scriptUrl,
    snippet: `<script src="${scriptUrl}"></script>\n<script>ConfabWidget('${chatbotId}', 'bubble');</script>`,
  };
}
