/**
 * Reads a `text/event-stream` answer as a browser's EventSource would (the HTML standard's
 * parsing rules: lines ending in LF, CR or CRLF; `event:` and `data:` fields, one optional
 * space after the colon; several `data:` lines joined by LF; a blank line dispatches; `:`
 * lines are comments), as the chunks arrive.
 */
export interface ServerSentEvent {
  event: string;
  data: string;
}

export async function readServerSentEvents(body: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) events.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.search(/\r\n|\r|\n/); end !== -1; end = buffer.search(/\r\n|\r|\n/)) {
      const width = buffer.startsWith('\r\n', end) ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + width);
    }
  }
  return events;
}
