/** A white panel with an optional header (title, description, actions). */
import type { ComponentChildren } from 'preact';

export function Card({
  title,
  description,
  actions,
  children,
  class: cls,
  padded = true,
}: {
  title?: ComponentChildren;
  description?: ComponentChildren;
  actions?: ComponentChildren;
  children?: ComponentChildren;
  class?: string;
  padded?: boolean;
}) {
  return (
    <section class={`card${cls ? ` ${cls}` : ''}`}>
      {(title || actions) && (
        <header class="card-header">
          <div>
            {title && <h2 class="card-title">{title}</h2>}
            {description && <p class="card-description">{description}</p>}
          </div>
          {actions && <div class="card-actions">{actions}</div>}
        </header>
      )}
      <div class={padded ? 'card-body' : 'card-body card-body-flush'}>{children}</div>
    </section>
  );
}

/** The top of every page: its title (the page's one h1), a sentence, and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: ComponentChildren;
  description?: ComponentChildren;
  actions?: ComponentChildren;
  back?: ComponentChildren;
}) {
  return (
    <header class="page-header">
      <div class="page-header-text">
        {back}
        <h1 class="page-title">{title}</h1>
        {description && <p class="page-description">{description}</p>}
      </div>
      {actions && <div class="page-actions">{actions}</div>}
    </header>
  );
}

/** A small status pill. */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info';
  children: ComponentChildren;
}) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}
