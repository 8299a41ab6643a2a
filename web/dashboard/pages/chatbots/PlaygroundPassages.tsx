/**
 * The passages behind a playground answer (docs/knowledge.md, Cited answers): every passage the
 * model was given, numbered as it cites them, with where it comes from and its retrieval score,
 * folded away under the answer so the conversation stays readable.
 */
import type { PreviewAnswer } from './agentApi.js';

export function PlaygroundPassages({ passages }: { passages: PreviewAnswer['passages'] | undefined }) {
  if (!passages?.length) return null;
  return (
    <details class="playground-passages">
      <summary>{passages.length === 1 ? '1 passage' : `${passages.length} passages`} behind this answer</summary>
      <ol>
        {passages.map((p) => (
          <li key={`${p.ref}-${p.sourceId}-${p.text.slice(0, 20)}`}>
            <p class="playground-passage-source">
              <strong>[{p.ref}]</strong> {[p.title, ...p.headingPath].join(' › ')}
              {p.page !== null && ` (page ${p.page})`}
              <span class="bubble-meta"> · score {p.score.toFixed(3)}</span>
            </p>
            <p class="playground-passage-text">{p.text}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
