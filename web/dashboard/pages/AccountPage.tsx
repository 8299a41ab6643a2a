/**
 * Account: the signed-in user's profile, the three-step email change, and the
 * password. Every member has this page; it only ever touches the signed-in user.
 */
import './webhooks/webhooks.css';
import { api, DASHBOARD_API } from '../api.js';
import { Card, ErrorState, PageHeader, Skeleton, useLoad } from '../ui/index.js';
import { ProfileCard } from './account/ProfileCard.js';
import { EmailChangeCard } from './account/EmailChangeCard.js';
import { PasswordCard } from './account/PasswordCard.js';
import type { Profile } from './account/types.js';

export function AccountPage() {
  const profile = useLoad(() => api.get<{ data: Profile }>(`${DASHBOARD_API}/account`), []);
  const p = profile.data?.data;
  return (
    <>
      <PageHeader title="Account" description="Your own profile, sign-in address and password." />
      {profile.error && !p && (
        <ErrorState error={profile.error} onRetry={profile.reload} title="Your account could not load" />
      )}
      {profile.loading && !p && (
        <Card>
          <Skeleton lines={5} label="Loading your account" />
        </Card>
      )}
      {p && (
        <div>
          <ProfileCard profile={p} onSaved={(data) => profile.set({ data })} />
          <EmailChangeCard email={p.email} onChanged={(email) => profile.set({ data: { ...p, email } })} />
          <PasswordCard />
        </div>
      )}
    </>
  );
}
