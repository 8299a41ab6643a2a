/** "Invite member": an address and a role; the invitee gets a single-use link by mail. */
import { useEffect, useState } from 'preact/hooks';
import { api, DASHBOARD_API } from '../../api.js';
import { FormModal, RoleSelect, TextField, useFormSubmit } from '../../ui/index.js';
import type { Role } from './types.js';

const LABELS = { email: 'Email address', role: 'Role' } as const;

export function InviteModal({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const form = useFormSubmit(async () => {
    await api.send('POST', `${DASHBOARD_API}/invites`, { email: email.trim(), role });
    onInvited(email.trim());
  }, LABELS);
  // Reset once closed, so that the next open shows an empty form from its first frame.
  useEffect(() => {
    if (open) return;
    setEmail('');
    setRole('member');
    form.clearError();
  }, [open]);

  return (
    <FormModal
      open={open}
      title="Invite a member"
      onClose={onClose}
      form={form}
      submitLabel="Send invitation"
      submitDisabled={!email.trim()}
    >
      <TextField
        label={LABELS.email}
        type="email"
        value={email}
        onInput={setEmail}
        required
        autoFocus
        error={form.fieldError('email')}
        hint="They get a link to join this workspace and set a password."
        inputProps={{ autocomplete: 'off' }}
      />
      <RoleSelect value={role} onChange={setRole} hint="Admins also manage webhooks, API keys, branding and members." />
    </FormModal>
  );
}
