import { useMemo, useState } from 'react';
import { ConflictsCard } from '~/components/admin/conflicts-card.tsx';
import { ENERGY_TYPES } from '~/shared/constants.ts';
import { energyTypeLabel } from '~/shared/format.ts';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { EmailField, NameFields } from '~/components/forms/account-fields.tsx';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { PasswordInput } from '~/components/forms/password-input.tsx';
import { EmailPreferenceCard } from '~/components/notifications/email-preference-card.tsx';
import { MyPermissionsCard } from '~/components/permissions/my-permissions-card.tsx';
import { SecuritySection } from '~/components/security/security-section.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import type { CurrentUser } from '~/client/auth/current-user.ts';
import { profileForm } from '~/shared/schemas/auth.ts';

/** Profile settings (spec section 2): shows "Loading..." until the user is known. */
export function ProfileForm() {
  const { user } = useCurrentUser();
  if (!user) return <p className="px-4 py-24 text-center">Loading...</p>;
  return <ProfileFormFor key={user.id} user={user} />;
}

function ProfileFormFor({ user }: { user: CurrentUser }) {
  const initial = useMemo(
    () => ({
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      businessName: user.businessName ?? '',
      phoneNumber: user.phoneNumber ?? '',
      organization: user.organization ?? '',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    }),
    [user],
  );
  const form = useZodForm(profileForm, initial);
  const isAdmin = user.role === 'admin';
  const [expertise, setExpertise] = useState<string[]>(user.expertise);
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation({
    onSuccess: ({ user: updated }) => {
      utils.auth.me.setData(undefined, updated);
      form.setValue('currentPassword', '');
      form.setValue('newPassword', '');
      form.setValue('confirmPassword', '');
      toast({ title: 'Profile updated successfully' });
    },
    onError: (error) => toastError('Failed to update profile', error),
  });

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Profile Settings</h1>
      <p className="mt-1 text-base-content/70">Keep your contact details current so our team can reach you.</p>
      <form
        noValidate
        className="mt-8 flex flex-col gap-8"
        onSubmit={form.submit(({ confirmPassword: _confirm, ...input }) => {
          update.mutate({ ...input, ...(isAdmin ? { expertise: ENERGY_TYPES.filter((type) => expertise.includes(type)) } : {}) });
        })}
      >
        <fieldset className="rounded-box border border-base-300 p-5 sm:p-6">
          <legend className="px-2 text-lg font-semibold">Personal information</legend>
          <div className="flex flex-col gap-4">
            <NameFields form={form} />
            <div className="grid gap-4 sm:grid-cols-2">
              <EmailField form={form} />
              <Field name="phoneNumber" label="Phone" error={form.errors.phoneNumber}>
                <input {...form.field('phoneNumber')} type="tel" autoComplete="tel" className="input input-bordered w-full" />
              </Field>
              <div className="sm:col-span-2">
                <Field name="businessName" label="Business name" error={form.errors.businessName}>
                  <input {...form.field('businessName')} autoComplete="organization" className="input input-bordered w-full" />
                </Field>
              </div>
            </div>
            <div className="sm:col-span-2">
              <Field
                name="organization"
                label="Organization (optional)"
                error={form.errors.organization}
                hint="Where you work: reviewers from the same organization as a seller are not assigned to their prototypes"
              >
                <input {...form.field('organization')} className="input input-bordered w-full" />
              </Field>
            </div>
          </div>
          {isAdmin && (
            <fieldset className="mt-4">
              <legend className="text-sm font-medium">Review expertise</legend>
              <p className="text-xs text-base-content/70">Energy types you review best: reviewer suggestions rank you first for them.</p>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {ENERGY_TYPES.map((type) => (
                  <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={expertise.includes(type)}
                      onChange={(event) => setExpertise((list) => (event.target.checked ? [...list, type] : list.filter((t) => t !== type)))}
                    />
                    {energyTypeLabel(type)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </fieldset>
        <fieldset className="rounded-box border border-base-300 p-5 sm:p-6">
          <legend className="px-2 text-lg font-semibold">Security</legend>
          <div className="grid gap-4">
            <Field name="currentPassword" label="Current password" error={form.errors.currentPassword} hint="Required to save any change">
              <PasswordInput {...form.field('currentPassword')} autoComplete="current-password" />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field name="newPassword" label="New password (optional)" error={form.errors.newPassword}>
                <PasswordInput {...form.field('newPassword')} autoComplete="new-password" />
              </Field>
              <Field name="confirmPassword" label="Confirm new password" error={form.errors.confirmPassword}>
                <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
              </Field>
            </div>
          </div>
        </fieldset>
        <div className="flex justify-end">
          <BusyButton type="submit" className="btn btn-primary" pending={update.isPending}>
            Save changes
          </BusyButton>
        </div>
      </form>
      <EmailPreferenceCard />
      <MyPermissionsCard />
      {isAdmin && <ConflictsCard />}
      <SecuritySection />
    </section>
  );
}
