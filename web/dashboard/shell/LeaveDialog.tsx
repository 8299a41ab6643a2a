/** "Leave without saving?": asked when an in-app navigation would drop a draft (unsavedChanges.ts). */
import { ConfirmDialog } from '../ui/index.js';
import { useLeaveRequest } from './unsavedChanges.js';

/** "the flow", "the flow and the settings". */
const list = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

export function LeaveDialog() {
  const { request, stay, leave } = useLeaveRequest();
  return (
    <ConfirmDialog
      open={request !== null}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onConfirm={leave}
      onCancel={stay}
    >
      <p>Your changes to {list(request?.what ?? [])} are not saved yet. If you leave now, they are lost.</p>
    </ConfirmDialog>
  );
}
