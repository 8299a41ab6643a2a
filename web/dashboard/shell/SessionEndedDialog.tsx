/**
 * When the session ends while a dashboard tab is open (signed out in another tab, expired), the
 * next API call answers 401. With nothing unsaved on the page and only a read in flight, the tab
 * goes straight to this host's sign-in page with `?next=` back here. Otherwise (a save, or a
 * draft on the page) leaving would lose what the person typed, so this dialog offers to sign in
 * in a new tab while the page keeps its state; once this tab sees a live session again (it
 * checks when it gets focus back, or on request) it takes the new CSRF token and carries on.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, SESSION_PATH, setCsrfToken, whenSignedOut } from '../api.js';
import { goToLogin, loginPath, useSession, type SessionBody } from '../SessionProvider.js';
import { Button, ButtonLink, Modal, useToast } from '../ui/index.js';
import { hasUnsavedChanges } from './unsavedChanges.js';

export function SessionEndedDialog() {
  const current = useSession();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [stillOut, setStillOut] = useState(false);

  useEffect(() => {
    whenSignedOut((method) => {
      if (method === 'GET' && !hasUnsavedChanges()) {
        goToLogin();
        return true;
      }
      setOpen(true);
      return false;
    });
    return () => whenSignedOut(null);
  }, []);

  const recheck = async (): Promise<void> => {
    let session: SessionBody;
    try {
      session = await api.get<SessionBody>(SESSION_PATH);
    } catch {
      setStillOut(true);
      return;
    }
    // Someone else, or another workspace: this page's data is not theirs to keep.
    if (session.user.id !== current.user.id || session.workspace.id !== current.workspace.id) return location.reload();
    setCsrfToken(session.csrfToken);
    setOpen(false);
    setStillOut(false);
    notify('You are signed in again. Your changes are still here.');
  };

  useEffect(() => {
    if (!open) return;
    // Back from the sign-in tab: look again without being asked.
    const onBack = () => document.visibilityState === 'visible' && void recheck();
    window.addEventListener('focus', onBack);
    document.addEventListener('visibilitychange', onBack);
    return () => {
      window.removeEventListener('focus', onBack);
      document.removeEventListener('visibilitychange', onBack);
    };
  }, [open]);

  return (
    <Modal
      open={open}
      title="You were signed out"
      onClose={() => setOpen(false)}
      footer={
        <>
          <Button onClick={() => location.assign(loginPath())}>Sign in here</Button>
          <ButtonLink variant="primary" href={loginPath()} target="_blank" rel="noopener">
            Sign in in a new tab
          </ButtonLink>
        </>
      }
    >
      <div class="stack">
        <p>
          Your session ended, for example because you signed out in another tab or were away for a long time. Nothing
          was saved.
        </p>
        <p>
          Sign in in a new tab and come back: what you typed on this page is still here, and you can save it then.
          Signing in here instead leaves this page.
        </p>
        <div class="row">
          <span class="muted small">Signed in again already?</span>
          <Button size="sm" onClick={() => void recheck()}>
            I have signed in
          </Button>
        </div>
        {stillOut && (
          <p class="field-error" role="alert">
            This tab is still signed out. Finish signing in in the other tab first.
          </p>
        )}
      </div>
    </Modal>
  );
}
