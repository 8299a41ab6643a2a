/** Flows the flow tests share: one that uses every step type, as untrusted JSON. */

/** A support flow: greeting, topic choice, order lookup over http, AI for billing, handoff when stuck. */
export function supportFlow(): { start: string; steps: Record<string, unknown>[] } {
  return {
    start: 'welcome',
    steps: [
      { id: 'welcome', type: 'message', text: 'Hi! I am the shop assistant.', next: 'ask_name' },
      {
        id: 'ask_name',
        type: 'question',
        text: 'What is your name?',
        variable: 'name',
        input: { type: 'text' },
        next: 'ask_topic',
      },
      {
        id: 'ask_topic',
        type: 'question',
        text: 'What can I do for you, {{name}}?',
        variable: 'topic',
        input: {
          type: 'choice',
          options: [
            { label: 'Billing', value: 'billing', next: 'billing' },
            { label: 'Order status', value: 'order' },
            { label: 'Something else', value: 'other', next: 'agent' },
          ],
        },
        next: 'ask_order',
        fallback: 'agent',
      },
      {
        id: 'ask_order',
        type: 'question',
        text: 'Your order number?',
        variable: 'order',
        input: { type: 'number', min: 1, maxRetries: 2, retryMessage: 'Only digits, {{name}}.' },
        next: 'lookup',
        fallback: 'agent',
      },
      {
        id: 'lookup',
        type: 'http',
        method: 'GET',
        url: 'https://shop.example.com/orders/{{order}}',
        headers: { Accept: 'application/json' },
        save: { status: '$.order.status', eta: '$.order.eta' },
        next: 'check',
        onError: 'sorry',
      },
      {
        id: 'check',
        type: 'condition',
        branches: [{ when: { all: [{ variable: 'status', op: 'equals', value: 'shipped' }] }, next: 'shipped' }],
        else: 'not_yet',
      },
      { id: 'shipped', type: 'end', text: 'Shipped! It arrives {{eta}}.', resolution: 'resolved' },
      { id: 'not_yet', type: 'set', variable: 'note', value: 'Order {{order}} is {{status}}', next: 'tell' },
      { id: 'tell', type: 'message', text: '{{note}}.', next: 'bye' },
      { id: 'bye', type: 'jump', next: 'done' },
      { id: 'done', type: 'end', resolution: 'ended' },
      { id: 'billing', type: 'ai', next: 'helped' },
      {
        id: 'helped',
        type: 'question',
        text: 'Did that help?',
        variable: 'helped',
        input: { type: 'yesno' },
        next: 'rate',
      },
      { id: 'rate', type: 'question', text: 'Please rate us.', variable: 'rating', input: { type: 'rating', max: 5 } },
      { id: 'sorry', type: 'message', text: 'I could not look that up.', next: 'agent' },
      { id: 'agent', type: 'handoff', text: 'Connecting you with a person.', reason: 'needs_human' },
    ],
  };
}
