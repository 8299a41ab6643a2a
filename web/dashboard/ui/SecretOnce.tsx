/**
 * A secret the server shows only this once (an API key, a webhook's signing secret): a warning
 * that says so and what to do, then the secret to copy and what it belongs to (children). The
 * content of a FormModal's `result`.
 */
import type { ComponentChildren } from 'preact';

export function SecretOnce({
  warning,
  advice,
  children,
}: {
  warning: string;
  advice: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <div class="secret-once">
      <div class="callout callout-warning" role="note">
        <div>
          <h3>{warning}</h3>
          <p class="small">{advice}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
