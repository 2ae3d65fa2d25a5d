import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { returnTo } from '~/client/auth/after-sign-in.ts';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { CapabilityNotice } from '~/components/permissions/capability-notice.tsx';
import { isUnauthorized } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { REDIRECT_AFTER_UNAUTHORIZED_SUBMIT_MS, REDIRECT_UNAUTHENTICATED_SUBMIT_MS } from '~/shared/constants.ts';
import { emptyScreeningForm, screeningFormInput } from '~/shared/schemas/export-control.ts';
import { emptyPrototypeForm, energyTypeOptions, prototypeInput } from '~/shared/schemas/prototype.ts';
import { ScreeningFields } from '~/components/export-control/screening-fields.tsx';
import { FileDropArea } from './file-drop-area.tsx';
import { InfoCards } from './info-cards.tsx';
import { useDocumentUploads } from './use-document-uploads.ts';

/** Submit Prototype (spec sections 2, 5, 8): login required, the form, documents, terms, info cards. */
export function SubmissionPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading" className="py-24" />;
  if (!user) return <AuthenticationRequired />;
  return <SubmissionGate />;
}

/** A seller whose prototypes.submit is revoked sees why (until when, the reason) instead of a form the server would refuse. */
function SubmissionGate() {
  const submit = revoked(useCapability('prototypes.submit'));
  if (submit) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="mb-6 text-3xl font-bold tracking-tight sm:text-4xl">Submit Your Prototype</h1>
        <CapabilityNotice state={submit} />
      </section>
    );
  }
  return <SubmissionForm />;
}

/** Once signed in (or registered), the visitor comes back to the form. */
const BACK_TO_THE_FORM = returnTo('/prototype-submission');

function AuthenticationRequired() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Authentication Required', description: 'Please log in to submit a prototype.', variant: 'destructive' });
    const timer = setTimeout(() => void navigate({ to: '/login', search: BACK_TO_THE_FORM }), REDIRECT_UNAUTHENTICATED_SUBMIT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Authentication Required</h1>
      <p className="mt-2 text-base-content/70">Please log in to submit a prototype.</p>
    </section>
  );
}

function SubmissionForm() {
  const form = useZodForm(prototypeInput, emptyPrototypeForm);
  const screeningForm = useZodForm(screeningFormInput, emptyScreeningForm);
  const uploads = useDocumentUploads();
  const upload = revoked(useCapability('documents.upload'));
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.prototypes.create.useMutation();

  // Given the submit event, both forms' refusals focus the first field with a message in this one form element.
  async function submit(submitted: FormEvent<HTMLFormElement>) {
    const parsed = form.validate(submitted);
    const exportScreening = screeningForm.validate(submitted);
    if (!parsed || !exportScreening) return;
    if (!terms) {
      toast({ title: 'Terms Required', description: 'Please accept the terms of submission to continue.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const prototype = await create.mutateAsync({ ...parsed, exportScreening });
      const { failed } = await uploads.uploadAll(prototype.id);
      await utils.prototypes.invalidate();
      if (failed.length > 0) {
        toast({
          title: 'Error',
          description: `Your prototype was submitted, but ${failed.map((f) => `"${f.name}" (${f.message})`).join(', ')} could not be uploaded. You can add documents from the prototype's page.`,
          variant: 'destructive',
        });
        await navigate({ to: '/prototypes/$prototypeId', params: { prototypeId: String(prototype.id) } });
        return;
      }
      toast({
        title: 'Prototype Submitted!',
        description: "Thank you for your submission. We'll review it and get back to you soon.",
      });
      form.reset();
      screeningForm.reset();
      uploads.clear();
      setTerms(false);
    } catch (error) {
      if (isUnauthorized(error)) {
        toast({ title: 'Authentication Required', description: 'Please log in to submit a prototype.', variant: 'destructive' });
        setTimeout(() => void navigate({ to: '/login', search: BACK_TO_THE_FORM }), REDIRECT_AFTER_UNAUTHORIZED_SUBMIT_MS);
      } else {
        toastError('Failed to submit prototype. Please try again.', error);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Submit Your Prototype</h1>
        <p className="mt-2 text-base-content/70">Share your energy innovation with our evaluation team. Every submission is reviewed in confidence.</p>
      </header>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form
          noValidate
          aria-label="Prototype submission"
          className="flex flex-col gap-6 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void submit(e);
          }}
        >
          <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2" disabled={busy}>
            <legend className="sr-only">Prototype details</legend>
            <Field name="inventorName" label="Inventor name" error={form.errors.inventorName}>
              <input {...form.field('inventorName')} autoComplete="name" className="input input-bordered w-full" />
            </Field>
            <Field name="prototypeName" label="Prototype name" error={form.errors.prototypeName}>
              <input {...form.field('prototypeName')} className="input input-bordered w-full" />
            </Field>
            <Field name="energyType" label="Energy type" error={form.errors.energyType}>
              <select {...form.field('energyType')} className="select select-bordered w-full">
                <option value="" disabled>
                  Select energy type
                </option>
                {energyTypeOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field name="powerOutput" label="Power output (kW)" error={form.errors.powerOutput}>
                <input {...form.field('powerOutput')} type="number" inputMode="numeric" min={0} step={1} className="input input-bordered w-full" />
              </Field>
              <Field name="efficiency" label="Efficiency (%)" error={form.errors.efficiency}>
                <input {...form.field('efficiency')} type="number" inputMode="numeric" min={0} max={100} step={1} className="input input-bordered w-full" />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field name="description" label="Description" error={form.errors.description}>
                <textarea
                  {...form.field('description')}
                  rows={5}
                  className="textarea textarea-bordered w-full"
                  placeholder="How it works, what it produces, and what stage it has reached"
                />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field name="notes" label="Additional notes (optional)" error={form.errors.notes}>
                <textarea {...form.field('notes')} rows={3} className="textarea textarea-bordered w-full" />
              </Field>
            </div>
          </fieldset>

          <fieldset disabled={busy} className="min-w-0">
            <ScreeningFields form={screeningForm} />
          </fieldset>

          {upload ? (
            <CapabilityNotice state={upload} />
          ) : (
            <FileDropArea files={uploads.files} refused={uploads.refused} onAdd={uploads.add} onRemove={uploads.remove} disabled={busy} />
          )}

          <label className="flex cursor-pointer items-start gap-3">
            <input type="checkbox" className="checkbox checkbox-primary mt-0.5" checked={terms} onChange={(e) => setTerms(e.target.checked)} disabled={busy} />
            <span className="text-sm">
              I accept the terms of submission: I confirm I have the right to submit this prototype, and I agree to a confidential evaluation by Atomix Energy.
            </span>
          </label>

          <div className="flex justify-end">
            <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {busy ? 'Submitting...' : 'Submit Prototype'}
            </button>
          </div>
        </form>
        <aside aria-label="What to expect">
          <InfoCards />
        </aside>
      </div>
    </section>
  );
}
