/** One conversation in full: the transcript, the answers collected, and how it ended. */
import { Fragment } from 'preact';
import { BackLink, Badge, Card, CitedSources, PageHeader, formatDateTime, loadGate, useLoad } from '../ui/index.js';
import { outcomeOf, responseApi, type ResponseRecord } from './responses/responseApi.js';

const back = <BackLink href="/responses">Responses</BackLink>;

const time = (iso?: string) =>
  iso
    ? new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
        new Date(iso),
      )
    : '';

function Transcript({ r }: { r: ResponseRecord }) {
  return (
    // Focusable: a long transcript scrolls inside the card, and a keyboard must reach it.
    <div class="chat-preview" role="log" aria-label="Transcript" tabIndex={0}>
      {r.record.map((e, i) => (
        <Fragment key={i}>
          <div class={`bubble bubble-${e.type === 'user' ? 'user' : 'bot'}`}>
            <span class="sr-only">{e.type === 'user' ? 'Visitor: ' : 'Bot: '}</span>
            {e.message}
          </div>
          {e.type !== 'user' && <CitedSources sources={e.sources} />}
          {e.timestamp && (
            <span class={`bubble-meta${e.type === 'user' ? ' bubble-meta-user' : ''}`}>{time(e.timestamp)}</span>
          )}
        </Fragment>
      ))}
      {r.status === 'completed' && (
        <p class="chat-note">
          {outcomeOf(r).label}
          {r.escalationReason ? ` · ${r.escalationReason}` : ''}
        </p>
      )}
    </div>
  );
}

function Pairs({ entries }: { entries: [string, string][] }) {
  return (
    <dl class="answers">
      {entries.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{v || '—'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function ResponsePage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const res = useLoad(() => responseApi.get(id), [id]);
  const gate = loadGate(res, {
    title: 'Conversation',
    listHref: '/responses',
    listTitle: 'Responses',
    loadingLabel: 'Loading the conversation…',
    notFound: { title: 'Conversation not found', text: 'It does not exist in this workspace.' },
  });
  if (gate || !res.data) return <>{gate}</>;
  const r = res.data.data;
  const o = outcomeOf(r);
  const answers = Object.entries(r.answerVariables ?? {});
  const custom = Object.entries(r.customData ?? {});
  return (
    <>
      <PageHeader
        back={back}
        title={`Conversation of ${formatDateTime(r.chatDate)}`}
        description={
          <>
            With <strong>{r.chatbotName}</strong>
          </>
        }
        actions={<Badge tone={o.tone}>{o.label}</Badge>}
      />
      <div class="grid grid-main-side">
        <Card title="Transcript" padded={false}>
          <Transcript r={r} />
        </Card>
        <div class="stack">
          <Card title="Answers">
            {answers.length ? <Pairs entries={answers} /> : <p class="muted">No answers collected.</p>}
          </Card>
          <Card title="Details">
            <Pairs
              entries={[
                ['Outcome', o.label + (r.escalationReason ? ` (${r.escalationReason})` : '')],
                ['Started', formatDateTime(r.chatDate)],
                ['Completed', formatDateTime(r.completedAt)],
                ['Visitor messages', String(r.turnCount ?? 0)],
                ['Channel', r.channel ?? 'web'],
                ['Visitor ID', r.visitorId],
                ['Response ID', r._id],
                ...((r.user ? [['Customer', [r.user.name, r.user.email].filter(Boolean).join(' · ')]] : []) as [
                  string,
                  string,
                ][]),
              ]}
            />
          </Card>
          {custom.length > 0 && (
            <Card title="Data from your site">
              <Pairs entries={custom} />
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
