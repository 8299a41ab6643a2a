/** "Create key": role and scopes; once created, the same dialog shows the key one time. */
import { useEffect, useState } from 'preact/hooks';
import { api, DASHBOARD_API } from '../../api.js';
import { CheckboxGroup, CopyField, FormModal, RoleSelect, SecretOnce, useFormSubmit } from '../../ui/index.js';
import { SCOPE_HINTS, type ApiKey, type CreatedApiKey } from './types.js';

type Role = ApiKey['role'];

export function CreateKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: ApiKey) => void;
}) {
  const [role, setRole] = useState<Role>('member');
  const [scopes, setScopes] = useState<string[]>(['read', 'write']);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useFormSubmit(async () => {
    const r = await api.send<CreatedApiKey>('POST', `${DASHBOARD_API}/api-keys`, { role, scopes });
    setCreated(r);
    onCreated(r.data);
  });

  // Reset once closed, not when opened again: the first frame of the next open must not show the
  // last key (nor keep its dialog's refusal of Escape) before a reset could run.
  useEffect(() => {
    if (open) return;
    setRole('member');
    setScopes(['read', 'write']);
    form.clearError();
    setCreated(null);
  }, [open]);

  const result = created && {
    title: 'Copy your API key',
    closeLabel: 'I have copied the key',
    content: (
      <SecretOnce
        warning="This is the only time the key is shown"
        advice="We keep only a hash of it. Store it in your server's secrets; never put it in a web page or an app. Lost it? Revoke it and create a new one."
      >
        <CopyField label="API key" value={created.apiKey} hint="Send it in the x-api-key header." />
        <p class="small muted">
          Role {created.data.role}, scopes {created.data.scopes.join(', ')}.
        </p>
      </SecretOnce>
    ),
  };

  return (
    <FormModal
      open={open}
      title="Create an API key"
      onClose={onClose}
      form={form}
      submitLabel="Create key"
      result={result}
    >
      <RoleSelect
        value={role}
        onChange={setRole}
        hint="Admin keys may also change the workspace's branding and slug."
      />
      <div class="form-gap">
        <CheckboxGroup
          legend="Scopes"
          hint="A key with neither read nor write gets both."
          options={Object.entries(SCOPE_HINTS).map(([value, hint]) => ({
            value,
            label: <span class="mono">{value}</span>,
            hint,
          }))}
          value={scopes}
          onChange={setScopes}
        />
      </div>
    </FormModal>
  );
}
