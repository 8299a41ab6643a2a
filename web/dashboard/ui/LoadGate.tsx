/**
 * The states of a page that shows one thing loaded by id (a chatbot, a conversation): a back
 * link and title while loading (skeleton), "not found" for a 404 (absent or another
 * workspace's), the error with a retry otherwise. Null once the data is there.
 */
import type { ComponentChildren } from 'preact';
import { Link } from 'wouter-preact';
import { Card, PageHeader } from './Card.js';
import { EmptyState, ErrorState, Skeleton } from './States.js';
import { Icon } from './Icon.js';
import type { Loaded } from './useLoad.js';

export interface GateText {
  /** The page title while there is nothing to show, e.g. "Chatbot". */
  title: string;
  /** The list it belongs to: back link and way out of "not found". */
  listHref: string;
  listTitle: string;
  notFound: { title: string; text: ComponentChildren };
  loadingLabel: string;
}

export function BackLink({ href, children }: { href: string; children: ComponentChildren }) {
  return (
    <Link href={href} class="back-link">
      <Icon name="left" size={16} /> {children}
    </Link>
  );
}

export function loadGate<T>(loaded: Loaded<T>, t: GateText): ComponentChildren | null {
  if (loaded.data && !(loaded.error && loaded.error.status === 404)) return null;
  const header = <PageHeader title={t.title} back={<BackLink href={t.listHref}>{t.listTitle}</BackLink>} />;
  if (loaded.error) {
    return (
      <>
        {header}
        {loaded.error.status === 404 ? (
          <EmptyState
            title={t.notFound.title}
            action={
              <Link href={t.listHref} class="btn btn-secondary">
                Back to {t.listTitle.toLowerCase()}
              </Link>
            }
          >
            {t.notFound.text}
          </EmptyState>
        ) : (
          <ErrorState error={loaded.error} onRetry={loaded.reload} />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <Card padded={false}>
        <Skeleton lines={6} label={t.loadingLabel} />
      </Card>
    </>
  );
}
