/** Loads data for a page: `{data, error, loading, reload}`; a newer load wins over an older one. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../api.js';

export interface Loaded<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
  /** Replace the data locally (after a write answered the new state). */
  set: (data: T) => void;
}

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const seq = useRef(0);
  const run = useCallback(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => mine === seq.current && setState({ data, error: null, loading: false }),
      (error: ApiError) => mine === seq.current && setState((s) => ({ data: s.data, error, loading: false })),
    );
  }, deps);
  useEffect(run, [run]);
  return { ...state, reload: run, set: (data: T) => setState({ data, error: null, loading: false }) };
}
