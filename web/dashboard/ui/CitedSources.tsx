/**
 * The documents an AI answer cites, under the answer: numbered as the answer cites them ([1]),
 * a web page as a link that opens in a new tab, pasted text and files by their title.
 */
export interface CitedSource {
  ref: number;
  sourceId: string;
  title: string;
  url: string | null;
}

const isWebAddress = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

export function CitedSources({ sources }: { sources: CitedSource[] | undefined }) {
  if (!sources?.length) return null;
  return (
    <div class="cited-sources">
      <span class="cited-sources-title" aria-hidden="true">
        Sources
      </span>
      <ol aria-label="Sources">
        {sources.map((s) => (
          <li key={s.ref} value={s.ref}>
            {isWebAddress(s.url) ? (
              <a href={s.url} target="_blank" rel="noopener noreferrer">
                {s.title}
                <span class="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              s.title
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
