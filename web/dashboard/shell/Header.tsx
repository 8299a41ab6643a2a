/** The top bar: menu button (phones), the company logo and name, the workspace switcher, the user menu. */
import { useState } from 'preact/hooks';
import { api, LOGOUT_PATH, type ApiError } from '../api.js';
import { useSession, type SessionBody } from '../SessionProvider.js';
import { Icon, useToast } from '../ui/index.js';
import { Menu } from './Menu.js';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

function Logo({ workspace }: { workspace: SessionBody['workspace'] }) {
  const [broken, setBroken] = useState(false);
  if (workspace.companyLogo && !broken) {
    return (
      <img
        class="brand-logo"
        src={workspace.companyLogo}
        alt={`${workspace.name} logo`}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span class="brand-mark" aria-hidden="true">
      {initials(workspace.name)}
    </span>
  );
}

function WorkspaceSwitcher() {
  const s = useSession();
  const notify = useToast();
  const others = s.workspaces.filter((w) => w.id !== s.workspace.id);
  const label = (
    <>
      <span class="ws-name">{s.workspace.name}</span>
      <span class="ws-plan">{s.workspace.plan}</span>
      {others.length > 0 && <Icon name="down" size={16} />}
    </>
  );
  if (others.length === 0) return <div class="ws-current">{label}</div>;
  const switchTo = async (workspaceId: string) => {
    try {
      const { redirect } = await api.send<{ redirect: string }>('POST', '/auth/switch', { workspaceId });
      location.assign(redirect);
    } catch (err) {
      notify((err as ApiError).message, 'error');
    }
  };
  return (
    <Menu label="Switch workspace" align="left" button={label}>
      {(close) => (
        <>
          <p class="menu-heading">Switch workspace</p>
          {others.map((w) => (
            <button
              key={w.id}
              type="button"
              class="menu-item"
              onClick={() => {
                close();
                void switchTo(w.id);
              }}
            >
              <span class="brand-mark brand-mark-sm" aria-hidden="true">
                {initials(w.name)}
              </span>
              <span>
                {w.name}
                <span class="menu-sub">{w.role === 'admin' ? 'Admin' : 'Member'}</span>
              </span>
            </button>
          ))}
        </>
      )}
    </Menu>
  );
}

function UserMenu() {
  const s = useSession();
  const notify = useToast();
  const signOut = async () => {
    try {
      await api.send('POST', LOGOUT_PATH);
      location.assign('/login');
    } catch (err) {
      // 401: the session had already ended (elsewhere, or expired), which is what was asked for.
      if ((err as ApiError).status === 401) return location.assign('/login');
      notify((err as ApiError).message, 'error');
    }
  };
  return (
    <Menu
      label={`Account menu of ${s.user.name || s.user.email}`}
      button={
        <span class="avatar" aria-hidden="true">
          {initials(s.user.name || s.user.email)}
        </span>
      }
    >
      {(close) => (
        <>
          <div class="menu-user">
            <strong>{s.user.name || s.user.email}</strong>
            <span class="menu-sub">{s.user.email}</span>
            <span class="menu-sub">
              {s.workspace.role === 'admin' ? 'Admin' : 'Member'} of {s.workspace.name}
            </span>
          </div>
          <button
            type="button"
            class="menu-item"
            onClick={() => {
              close();
              void signOut();
            }}
          >
            <Icon name="logout" /> Sign out
          </button>
        </>
      )}
    </Menu>
  );
}

export function Header({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }) {
  const s = useSession();
  return (
    <header class="topbar">
      <button
        type="button"
        class="icon-btn nav-toggle"
        aria-expanded={navOpen}
        aria-controls="sidenav"
        aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
        onClick={onToggleNav}
      >
        <Icon name={navOpen ? 'close' : 'menu'} size={22} />
      </button>
      <div class="brand">
        <Logo workspace={s.workspace} />
      </div>
      <WorkspaceSwitcher />
      <div class="topbar-spacer" />
      <UserMenu />
    </header>
  );
}
