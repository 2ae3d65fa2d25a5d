// Where a prototype's confidential content would show for an admin who may not open it yet (issue 31,
// ADR 0045): a short "Confidential" panel with the one action that opens it (accept the terms, or
// attest for this prototype), or the reason when nothing the admin does will open it.
import { useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { ModalDialog } from '~/components/modal-dialog.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { useAcceptTerms } from './use-accept-terms.ts';

export interface DataRoomAccess {
  termsAccepted: boolean;
  attested: boolean;
  denial: { reason: string; message: string } | null;
}

export function ConfidentialPanel({ prototypeId, prototypeName, access }: { prototypeId: number; prototypeName: string; access: DataRoomAccess }) {
  const [open, setOpen] = useState<'terms' | 'attest' | null>(null);
  if (!access.denial) return null;
  const action = access.denial.reason === 'terms_not_accepted' ? 'terms' : access.denial.reason === 'not_attested' ? 'attest' : null;
  return (
    <div className="mt-2 rounded-field border border-warning/60 bg-warning/10 p-3 text-sm" data-testid="confidential-panel">
      <p className="font-semibold">Confidential</p>
      <p className="mt-1">{access.denial.message}</p>
      {action && (
        <button type="button" className="btn btn-sm btn-primary mt-2" onClick={() => setOpen(action)}>
          {action === 'terms' ? 'Read and accept the terms' : 'Attest for this prototype'}
        </button>
      )}
      <TermsDialog open={open === 'terms'} onClose={() => setOpen(null)} />
      <AttestDialog open={open === 'attest'} onClose={() => setOpen(null)} prototypeId={prototypeId} prototypeName={prototypeName} />
    </div>
  );
}

function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const terms = trpc.confidentiality.terms.useQuery(undefined, { enabled: open });
  const accept = useAcceptTerms(onClose);
  return (
    <ModalDialog open={open} onClose={onClose} title="Confidentiality terms" testId="terms-dialog">
      {!terms.data ? (
        <Spinner label="Loading the terms" className="py-6" />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="font-semibold">
            {terms.data.title} <span className="font-normal text-base-content/70">(version {terms.data.version})</span>
          </p>
          <div className="whitespace-pre-line rounded-field border border-base-300 p-3 text-sm">{terms.data.text}</div>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={accept.isPending}
              onClick={() => terms.data && accept.mutate({ version: terms.data.version })}
            >
              I accept these terms
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

function AttestDialog({ open, onClose, prototypeId, prototypeName }: { open: boolean; onClose: () => void; prototypeId: number; prototypeName: string }) {
  const utils = trpc.useUtils();
  const [checked, setChecked] = useState(false);
  const attest = trpc.confidentiality.attest.useMutation({
    onSuccess: () => {
      toast({ title: 'Attested: the confidential content is open' });
      onClose();
      void utils.invalidate();
    },
    onError: (error) => toastError('Could not attest', error),
  });
  return (
    <ModalDialog open={open} onClose={onClose} title="Attest for this prototype" description={<>“{prototypeName}”</>} testId="attest-dialog">
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (checked) attest.mutate({ id: prototypeId, noConflict: true });
        }}
      >
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          <span>I have no conflict of interest with this prototype&apos;s seller, and I will keep its content confidential under the terms I accepted.</span>
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!checked || attest.isPending}>
            Attest
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
