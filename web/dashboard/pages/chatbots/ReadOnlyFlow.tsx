/**
 * A flow read-only: every step with its id, type, text and where it goes. Shown for a published
 * version (which is never edited, only published again).
 */
import { Badge } from '../../ui/index.js';
import type { ChatbotDetail } from './chatbotApi.js';
import { graphStepRows } from './flowGraph.js';

export interface ReadOnlyFlowProps {
  flow: ChatbotDetail['data']['flow'];
  label: string;
}

export function ReadOnlyFlow({ flow, label }: ReadOnlyFlowProps) {
  const rows = graphStepRows(flow);
  return (
    <ol class="steps graph-steps" aria-label={label}>
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
  );
}
