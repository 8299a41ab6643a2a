/** "Invite member": an address and a role; the invitee gets a single-use link by mail. */
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, DASHBOARD_API } from '../../api.js';
import { Button, fieldError, formError, Modal, Select, TextField } from '../../ui/index.js';
import type { Role } from './types.js';

export function InviteModal({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!open) return;
    setEmail('');
    setRole('member');
    setError(null);
  }, [open]);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.send('POST', `${DASHBOARD_API}/invites`, { email: email.trim(), role });
      onInvited(email.trim());
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const general = formError(error, ['email', 'role']);
  return (
    <Modal
      open={open}
      title="Invite a member"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" busy={busy} disabled={!email.trim()} onClick={submit}>Send invitation</Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        {general && <div class="callout callout-danger form-alert" role="alert">{general}</div>}
        <TextField label="Email address" type="email" value={email} onInput={setEmail} required autoFocus error={fieldError(error, 'email')} hint="They get a link to join this workspace and set a password." inputProps={{ autocomplete: 'off' }} />
        <Select<Role>
          label="Role"
          value={role}
          onChange={setRole}
          options={[{ value: 'member', label: 'Member' }, { value: 'admin', label: 'Admin' }]}
          hint="Admins also manage webhooks, API keys, branding and members."
        />
      </form>
    </Modal>
  );
}
