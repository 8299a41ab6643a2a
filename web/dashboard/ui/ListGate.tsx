/**
 * The states of a list page before its list is there: the error with a retry, or a card of
 * skeleton lines while it loads. Null once the data is there (a reload keeps showing it).
 */
import type { ComponentChildren } from 'preact';
import { Card } from './Card.js';
import { ErrorState, Skeleton } from './States.js';
import type { Loaded } from './useLoad.js';

/** `what`: the list's name as a title, e.g. "Model connections". */
export function listGate<T>(loaded: Loaded<T>, what: string, lines = 3): ComponentChildren | null {
  if (loaded.data) return null;
  if (loaded.error) return <ErrorState error={loaded.error} onRetry={loaded.reload} title={`${what} could not load`} />;
  return (
    <Card>
      <Skeleton lines={lines} label={`Loading ${what.toLowerCase()}`} />
    </Card>
  );
}
