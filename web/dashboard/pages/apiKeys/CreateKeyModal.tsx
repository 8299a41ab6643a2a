/** "Create key": role and scopes; once created, the same dialog shows the key one time. */
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, DASHBOARD_API } from '../../api.js';
import { Button, CheckboxGroup, CopyField, Modal, Select } from '../../ui/index.js';
import { SCOPE_HINTS, type ApiKey } from './types.js';

type Role = ApiKey['role'];

export function CreateKeyModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (key: ApiKey) => void }) {
  const [role, setRole] = useState<Role>('member');
  const [scopes, setScopes] = useState<string[]>(['read', 'write']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [created, setCreated] = useState<{ apiKey: string; data: ApiKey } | null>(null);

  useEffect(() => {
    if (!open) return;
    setRole('member');
    setScopes(['read', 'write']);
    setError(null);
    setCreated(null);
  }, [open]);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api.send<{ apiKey: string; data: ApiKey }>('POST', `${DASHBOARD_API}/api-keys`, { role, scopes });
      setCreated(r);
      onCreated(r.data);
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <Modal open={open} title="Copy your API key" onClose={onClose} footer={<Button variant="primary" onClick={onClose}>I have copied the key</Button>}>
        <div class="secret-once">
          <div class="callout callout-warning" role="note">
            <div>
              <h3>This is the only time the key is shown</h3>
              <p class="small">We keep only a hash of it. Store it in your server's secrets; never put it in a web page or an app. Lost it? Revoke it and create a new one.</p>
            </div>
          </div>
          <CopyField label="API key" value={created.apiKey} hint="Send it in the x-api-key header." />
          <p class="small muted">
            Role {created.data.role}, scopes {created.data.scopes.join(', ')}.
          </p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title="Create an API key"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" busy={busy} onClick={submit}>Create key</Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        {error && <div class="callout callout-danger form-alert" role="alert">{error.message}</div>}
        <Select<Role>
          label="Role"
          value={role}
          onChange={setRole}
          options={[{ value: 'member', label: 'Member' }, { value: 'admin', label: 'Admin' }]}
          hint="Admin keys may also change the workspace's branding and slug."
        />
        <div class="form-gap">
          <CheckboxGroup
            legend="Scopes"
            hint="A key with neither read nor write gets both."
            options={Object.entries(SCOPE_HINTS).map(([value, hint]) => ({ value, label: <span class="mono">{value}</span>, hint }))}
            value={scopes}
            onChange={setScopes}
          />
        </div>
      </form>
    </Modal>
  );
}
