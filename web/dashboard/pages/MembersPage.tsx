/**
 * Members (admins only): the workspace's people and pending invitations; invite by
 * email with a role, change a role, remove someone, revoke an invitation. The owner's role is
 * fixed. The endpoints are the sign-in module's Members API (docs/sign-in.md).
 */
import './webhooks/webhooks.css';
import { useState } from 'preact/hooks';
import { api, type ApiError, DASHBOARD_API } from '../api.js';
import { useSession } from '../SessionProvider.js';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Icon,
  PageHeader,
  Table,
  formatDate,
  listGate,
  useConfirmedAction,
  useLoad,
  useToast,
  type Column,
} from '../ui/index.js';
import { InviteModal } from './members/InviteModal.js';
import type { Invite, Member, MembersList, Role } from './members/types.js';

const initials = (m: Member) =>
  (m.name || m.email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

type Pending = { kind: 'member'; member: Member } | { kind: 'invite'; invite: Invite };

export function MembersPage() {
  const session = useSession();
  const toast = useToast();
  const list = useLoad(() => api.get<MembersList>(`${DASHBOARD_API}/members`), []);
  const [inviting, setInviting] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const changeRole = async (m: Member, role: Role) => {
    setBusy(m.userId);
    try {
      await api.send('PATCH', `${DASHBOARD_API}/members/${encodeURIComponent(m.userId)}`, { role });
      toast(`${m.name || m.email} is now ${role === 'admin' ? 'an admin' : 'a member'}.`);
      list.reload();
    } catch (err) {
      toast((err as ApiError).message, 'error');
      list.reload();
    } finally {
      setBusy(null);
    }
  };
  const pending = useConfirmedAction(async (p: Pending) => {
    if (p.kind === 'member') {
      await api.send('DELETE', `${DASHBOARD_API}/members/${encodeURIComponent(p.member.userId)}`);
      list.reload();
      return `${p.member.name || p.member.email} was removed.`;
    }
    await api.send('DELETE', `${DASHBOARD_API}/invites/${encodeURIComponent(p.invite.id)}`);
    list.reload();
    return `The invitation to ${p.invite.email} was revoked.`;
  });

  const memberColumns: Column<Member>[] = [
    {
      key: 'who',
      header: 'Member',
      render: (m) => (
        <span class="person">
          <span class="avatar" aria-hidden="true">
            {initials(m)}
          </span>
          <span class="person-text">
            <span class="person-name">
              {m.name || m.email}
              {m.userId === session.user.id ? ' (you)' : ''}
            </span>
            <span class="cell-sub">{m.email}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      render: (m) =>
        m.isOwner ? (
          <Badge tone="info">Owner</Badge>
        ) : (
          <select
            class="input select role-select"
            aria-label={`Role of ${m.name || m.email}`}
            value={m.role}
            disabled={busy === m.userId || m.userId === session.user.id}
            onChange={(e) => changeRole(m, (e.currentTarget as HTMLSelectElement).value as Role)}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      unlabeled: true,
      render: (m) => (
        <span class="actions-cell">
          {!m.isOwner && m.userId !== session.user.id && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => pending.ask({ kind: 'member', member: m })}
              aria-label={`Remove ${m.name || m.email}`}
            >
              Remove
            </Button>
          )}
        </span>
      ),
    },
  ];
  const inviteColumns: Column<Invite>[] = [
    {
      key: 'email',
      header: 'Email',
      render: (i) => (
        <>
          <strong class="invite-email">{i.email}</strong>
          <span class="cell-sub show-phone">
            {i.role === 'admin' ? 'Admin' : 'Member'} · expires {formatDate(i.expiresAt)}
          </span>
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      hideOnPhone: true,
      render: (i) => (
        <Badge tone={i.role === 'admin' ? 'info' : 'neutral'}>{i.role === 'admin' ? 'Admin' : 'Member'}</Badge>
      ),
    },
    {
      key: 'expires',
      header: 'Expires',
      hideOnPhone: true,
      render: (i) => <span class="small">{formatDate(i.expiresAt)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      unlabeled: true,
      render: (i) => (
        <span class="actions-cell">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => pending.ask({ kind: 'invite', invite: i })}
            aria-label={`Revoke the invitation to ${i.email}`}
          >
            Revoke
          </Button>
        </span>
      ),
    },
  ];

  const inviteButton = (
    <Button variant="primary" icon={<Icon name="plus" size={16} />} onClick={() => setInviting(true)}>
      Invite member
    </Button>
  );
  const data = list.data;
  return (
    <>
      <PageHeader
        title="Members"
        description={`The people who can sign in to ${session.workspace.name}. Admins manage settings, keys and members.`}
        actions={inviteButton}
      />
      {listGate(list, 'Members')}
      {data && (
        <div>
          <Card
            title="Members"
            description={`${data.members.length} ${data.members.length === 1 ? 'person' : 'people'}`}
            padded={false}
          >
            <Table columns={memberColumns} rows={data.members} rowKey={(m) => m.userId} caption="Members" />
          </Card>
          <Card title="Pending invitations" padded={false}>
            {data.invites.length === 0 ? (
              <EmptyState title="No pending invitations" icon={<Icon name="users" size={26} />}>
                <p>Invite a teammate by email; the invitation stays here until they accept it.</p>
              </EmptyState>
            ) : (
              <Table columns={inviteColumns} rows={data.invites} rowKey={(i) => i.id} caption="Pending invitations" />
            )}
          </Card>
        </div>
      )}
      <InviteModal
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          toast(`Invitation sent to ${email}.`);
          list.reload();
        }}
      />
      <ConfirmDialog
        open={!!pending.item}
        title={pending.item?.kind === 'invite' ? 'Revoke this invitation?' : 'Remove this member?'}
        confirmLabel={pending.item?.kind === 'invite' ? 'Revoke invitation' : 'Remove member'}
        busy={pending.busy}
        onCancel={pending.cancel}
        onConfirm={pending.confirm}
      >
        {pending.item?.kind === 'member' && (
          <p>
            <strong>{pending.item.member.name || pending.item.member.email}</strong> loses access to{' '}
            {session.workspace.name} at once and is signed out here.
          </p>
        )}
        {pending.item?.kind === 'invite' && (
          <p>
            The link sent to <strong>{pending.item.invite.email}</strong> stops working.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
