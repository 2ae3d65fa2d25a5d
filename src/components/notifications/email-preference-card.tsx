// Profile: the user's choice to receive notifications by e-mail as well (users.emailNotifications).
import { useState } from 'react';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';

export function EmailPreferenceCard() {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  // The switch moves at once; a failure puts it back. The choice holds until the user changes
  // (the saved answer arrives as a new user), then the user's own setting shows again.
  const [choice, setChoice] = useState<{ enabled: boolean; of: typeof user } | null>(null);
  const checked = choice && choice.of === user ? choice.enabled : (user?.emailNotifications ?? true);
  const save = trpc.notifications.setEmailPreference.useMutation({
    onSuccess: (updated) => {
      utils.auth.me.setData(undefined, updated);
      toast({ title: updated.emailNotifications ? 'Email notifications turned on' : 'Email notifications turned off' });
    },
    onError: (error) => {
      setChoice(null);
      toastError('Failed to update profile', error);
    },
  });
  if (!user) return null;
  return (
    <section className="mt-8 rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby="email-notifications-heading" data-testid="email-preference-card">
      <h2 id="email-notifications-heading" className="text-lg font-semibold">
        Email notifications
      </h2>
      <label className="mt-3 flex cursor-pointer items-start justify-between gap-4">
        <span>
          <span className="block font-medium">Email me when something happens</span>
          <span className="block text-sm text-base-content/70">
            Status changes, quotes and messages about your prototypes, sent to {user.email}. You always see them under the bell.
          </span>
        </span>
        <input
          type="checkbox"
          className="toggle toggle-primary mt-1"
          checked={checked}
          aria-busy={save.isPending}
          onChange={(e) => {
            setChoice({ enabled: e.target.checked, of: user });
            save.mutate({ enabled: e.target.checked });
          }}
        />
      </label>
    </section>
  );
}
