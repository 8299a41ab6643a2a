/**
 * A branching flow, read-only: every step with its id, type, text and where it goes. Branching
 * flows are edited through the API's flow endpoints; this view offers no save, so nothing here
 * can overwrite the graph with a list or publish it.
 */
import { Badge, Card, useLoad } from '../../ui/index.js';
import { chatbotApi, type ChatbotDetail } from './chatbotApi.js';
import { graphStepRows } from './flowGraph.js';

function PublishedLabel({ chatbotId }: { chatbotId: string }) {
  const versions = useLoad(() => chatbotApi.flowVersions(chatbotId), [chatbotId]);
  if (versions.loading || versions.error || !versions.data) return null;
  const newest = versions.data.data[0];
  return newest ? <Badge tone="success">Published version {newest.version}</Badge> : <Badge>Not published yet</Badge>;
}

export function GraphFlowView({ detail }: { detail: ChatbotDetail }) {
  const rows = graphStepRows(detail.data.flow);
  return (
    <Card
      title="Branching flow"
      description="The draft's steps in the order they were written, with where each one goes."
      actions={<PublishedLabel chatbotId={detail.data.id} />}
    >
      <div class="callout" role="note" style={{ marginBottom: '14px' }}>
        <p>
          This chatbot has a branching flow, which the dashboard shows but cannot edit yet. Change it through the API:{' '}
          <code>PUT /chatbots/{'{id}'}/flow</code> saves the draft and <code>POST /chatbots/{'{id}'}/flow/publish</code>{' '}
          publishes it. See the{' '}
          <a href="/api/v1/openapi.json" target="_blank" rel="noreferrer">
            API reference
          </a>
          .
        </p>
      </div>
      <ol class="steps graph-steps" aria-label="Branching flow steps">
        {rows.map((row) => (
          <li key={row.id} class="step graph-step" aria-label={`Step ${row.id}: ${row.type}`}>
            <div class="step-body">
              <div class="row" style={{ gap: '8px', flexWrap: 'wrap' }}>
                <code>{row.id}</code>
                <span class={`step-kind step-kind-${row.type}`}>{row.type}</span>
                {row.isStart && <Badge tone="success">Start</Badge>}
              </div>
              {row.text && <p class="graph-step-text">{row.text}</p>}
              {row.routes.length > 0 && (
                <ul class="graph-routes" aria-label={`Where ${row.id} goes`}>
                  {row.routes.map((r) => (
                    <li key={`${r.when}-${r.target}`}>
                      <span class="graph-route-when">{r.when}</span> → <code>{r.target}</code>
                    </li>
                  ))}
                </ul>
              )}
              {row.ending && <p class="muted graph-step-ending">{row.ending}</p>}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
