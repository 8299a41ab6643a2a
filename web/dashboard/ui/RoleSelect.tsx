/** The admin/member choice of an API key or an invitation; the hint says what it means there. */
import { Select } from './Field.js';

export type RoleChoice = 'admin' | 'member';

const ROLE_OPTIONS: Array<{ value: RoleChoice; label: string }> = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];

export function RoleSelect({
  value,
  onChange,
  hint,
}: {
  value: RoleChoice;
  onChange: (role: RoleChoice) => void;
  hint: string;
}) {
  return <Select<RoleChoice> label="Role" value={value} onChange={onChange} options={ROLE_OPTIONS} hint={hint} />;
}
