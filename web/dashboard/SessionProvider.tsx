/**
 * The signed-in user and workspace (GET /auth/session), loaded once by the shell and read by any
 * page through `useSession()`. Not signed in: off to this host's login page. A session that ends
 * later, while the page is open, is shell/SessionEndedDialog.tsx's.
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { api, type ApiError, SESSION_PATH, setCsrfToken } from './api.js';
import type { Answer } from './apiTypes.js';

type SessionAnswer = Answer<'/auth/session', 'get'>;

export type Role = SessionAnswer['workspace']['role'];
export type Plan = 'free' | 'starter' | 'pro' | 'business' | 'enterprise';

/** GET /auth/session's answer; its schema says only that `plan` is a string, and it is one of the plans. */
export interface SessionBody extends SessionAnswer {
  workspace: Omit<SessionAnswer['workspace'], 'plan'> & { plan: Plan };
}

const SessionContext = createContext<SessionBody | null>(null);

export function useSession(): SessionBody {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside <SessionProvider>');
  return s;
}

export const isAdmin = (s: SessionBody) => s.workspace.role === 'admin';

const PLAN_RANK: Record<Plan, number> = { free: 0, starter: 1, pro: 2, business: 3, enterprise: 4 };
export const planAtLeast = (plan: Plan, minimum: Plan) => PLAN_RANK[plan] >= PLAN_RANK[minimum];

/** This host's sign-in page, with the way back to where the person is now. */
export function loginPath(): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

export function goToLogin(): void {
  location.assign(loginPath());
}

export type SessionLoad =
  | { state: 'loading' }
  | { state: 'ready'; session: SessionBody }
  | { state: 'error'; error: ApiError };

export function SessionProvider({
  children,
  fallback,
}: {
  children: ComponentChildren;
  fallback: (load: SessionLoad, retry: () => void) => ComponentChildren;
}) {
  const [load, setLoad] = useState<SessionLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    api
      .get<SessionBody>(SESSION_PATH)
      .then((session) => {
        setCsrfToken(session.csrfToken);
        setLoad({ state: 'ready', session });
      })
      .catch((error: ApiError) => {
        if (error.status === 401) return goToLogin();
        setLoad({ state: 'error', error });
      });
  }, [attempt]);
  if (load.state !== 'ready') return <>{fallback(load, () => setAttempt((n) => n + 1))}</>;
  return <SessionContext.Provider value={load.session}>{children}</SessionContext.Provider>;
}
