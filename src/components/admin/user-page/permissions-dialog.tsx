// The Permissions section in a dialog, opened from a row of the User Management list (until the
// admin user page holds the section itself).
import { ModalDialog } from '~/components/modal-dialog.tsx';
import { PermissionsSection } from './permissions-section.tsx';

export function PermissionsDialog({ user, onClose }: { user: { id: string; name: string; email: string } | null; onClose: () => void }) {
  return (
    <ModalDialog open={!!user} onClose={onClose} title="Permissions" description={user && `${user.name} (${user.email})`} testId="permissions-dialog">
      {user && <PermissionsSection userId={user.id} />}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
