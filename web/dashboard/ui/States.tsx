/** Empty, error and loading states every page uses, so they look the same everywhere. */
import type { ComponentChildren } from 'preact';
import { Button } from './Button.js';

export function EmptyState({
  title,
  children,
  action,
  icon,
}: {
  title: string;
  children?: ComponentChildren;
  action?: ComponentChildren;
  icon?: ComponentChildren;
}) {
  return (
    <div class="empty">
      {icon && (
        <div class="empty-icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <h2 class="empty-title">{title}</h2>
      {children && <div class="empty-body">{children}</div>}
      {action && <div class="empty-action">{action}</div>}
    </div>
  );
}

export function ErrorState({
  error,
  onRetry,
  title = 'Something went wrong',
}: {
  error: { message: string } | string;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div class="error-state" role="alert">
      <h2 class="error-title">{title}</h2>
      <p>{typeof error === 'string' ? error : error.message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div class="loading" role="status">
      <span class="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Grey placeholder lines in the shape of what is loading. */
export function Skeleton({ lines = 3, label = 'Loading…' }: { lines?: number; label?: string }) {
  return (
    <div class="skeleton" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} class="skeleton-line" style={{ width: `${92 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
