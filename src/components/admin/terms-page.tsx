// /admin/confidentiality (issue 31, point 1; ADR 0045): the current confidentiality terms, publishing
// a new version (admins with permissions.manage; everyone accepts again), and every version with
// who accepted it and when.
import { trpc } from '~/client/trpc.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { Field } from '~/components/forms/field.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatUtcDateTime } from '~/shared/format.ts';
import { publishTermsInput } from '~/shared/schemas/confidentiality.ts';
import { AdminPageHeader } from './list-parts.tsx';
import { useAcceptTerms } from './use-accept-terms.ts';

export function TermsPage() {
  const history = trpc.confidentiality.history.useQuery();
  const mine = trpc.confidentiality.terms.useQuery();
  const accept = useAcceptTerms();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <AdminPageHeader
        current="Confidentiality terms"
        title="Confidentiality terms"
        description="Every administrator accepts the current version before opening a prototype's confidential content. A new version must be accepted again."
      />
      {mine.data && !mine.data.acceptedAt && (
        <div role="status" className="alert alert-warning mt-6 flex flex-wrap justify-between gap-2">
          <span>You have not accepted version {mine.data.version} yet.</span>
          <button type="button" className="btn btn-sm btn-primary" disabled={accept.isPending} onClick={() => accept.mutate({ version: mine.data.version })}>
            Accept version {mine.data.version}
          </button>
        </div>
      )}
      <PublishForm current={history.data?.[0]} />
      <section aria-labelledby="versions-title" className="mt-8">
        <h2 id="versions-title" className="text-lg font-semibold">
          Versions and acceptances
        </h2>
        {!history.data ? (
          <Spinner label="Loading the versions" className="py-10" />
        ) : (
          <ol className="mt-3 flex flex-col gap-4">
            {history.data.map((v) => (
              <li key={v.version} className="rounded-box border border-base-300 bg-base-100 p-4" data-testid={`terms-version-${v.version}`}>
                <p className="font-semibold">
                  Version {v.version}: {v.title}
                </p>
                <p className="text-sm text-base-content/70">
                  Published {formatUtcDateTime(v.publishedAt)}
                  {v.publishedBy ? ` by ${v.publishedBy}` : ' (default text)'} · SHA-256 <code className="break-all">{v.textSha256}</code>
                </p>
                {v.acceptances.length === 0 ? (
                  <p className="mt-2 text-sm text-base-content/70">No one has accepted this version yet.</p>
                ) : (
                  <ul className="mt-2 text-sm">
                    {v.acceptances.map((a) => (
                      <li key={a.userId}>
                        {a.name} ({a.email}) · {formatUtcDateTime(a.acceptedAt)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function PublishForm({ current }: { current: { title: string; text: string } | undefined }) {
  const utils = trpc.useUtils();
  const form = useZodForm(publishTermsInput, { title: '', text: '' });
  const publish = trpc.confidentiality.publish.useMutation({
    onSuccess: (result) => {
      toast({ title: `Version ${result.version} published`, description: 'Every administrator must accept it again.' });
      form.reset();
      void utils.invalidate();
    },
    onError: (error) => toastError('Could not publish', error),
  });
  const submit = form.submit((input) => publish.mutate(input));
  return (
    <section aria-labelledby="publish-title" className="mt-8 rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id="publish-title" className="text-lg font-semibold">
        Publish a new version
      </h2>
      <p className="text-sm text-base-content/70">Needs the “Manage permissions” capability.</p>
      {current && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">Current text: {current.title}</summary>
          <p className="mt-2 whitespace-pre-line">{current.text}</p>
        </details>
      )}
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
        <Field name="title" label="Title" error={form.errors.title}>
          <input {...form.field('title')} className="input input-bordered w-full" />
        </Field>
        <Field name="text" label="Text" error={form.errors.text}>
          <textarea {...form.field('text')} className="textarea textarea-bordered w-full" rows={8} />
        </Field>
        <div>
          <button type="submit" className="btn btn-primary" disabled={publish.isPending}>
            Publish
          </button>
        </div>
      </form>
    </section>
  );
}
