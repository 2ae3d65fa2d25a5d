// "Message the team" about one of the seller's prototypes: a new conversation that lands in the
// admin inbox linked to the prototype (POST /api/messages). Offered where a seller may want to
// answer a decision, such as a rejection.
import { useState } from 'react';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { trpc } from '~/client/trpc.ts';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { RevokedButton } from '~/components/permissions/capability-notice.tsx';
import { ModalDialog } from '~/components/modal-dialog.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { ReplyForm } from './reply-form.tsx';

export function MessageTeamButton({
  prototype,
  label = 'Message the team',
}: {
  prototype: { id: number; prototypeName: string; sellerId: string };
  label?: string;
}) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const send = trpc.messages.messageTeam.useMutation({
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Message sent', description: 'The Atomix team will answer in Messages.' });
    },
    onError: (error) => toastError('Failed to send message', error),
  });
  const isSeller = user?.id === prototype.sellerId;
  const writeRevoked = revoked(useCapability('messages.reply', isSeller));
  // Only the prototype's seller writes about it (an admin reading the page has the inbox).
  if (!isSeller) return null;
  if (writeRevoked) return <RevokedButton state={writeRevoked} label={label} className="btn btn-outline btn-sm" />;
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        {label}
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Message the Atomix team" description={<>About &ldquo;{prototype.prototypeName}&rdquo;</>}>
        <ReplyForm
          idPrefix={`team-${prototype.id}`}
          subject={`About ${prototype.prototypeName}`}
          isReply={false}
          pending={send.isPending}
          submitLabel="Send Message"
          onCancel={() => setOpen(false)}
          onSubmit={(values) => send.mutate({ prototypeId: prototype.id, ...values })}
        />
      </ModalDialog>
    </>
  );
}
