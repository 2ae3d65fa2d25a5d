// The evaluation page's confidential content (issue 31, point 2; ADR 0045): the description, notes and
// documents once the caller accepted the terms and attested for this prototype; until then the
// "Confidential" panel with the one action that opens them.
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { documentUrl } from '~/shared/document-urls.ts';
import { formatFileSize } from '~/shared/format.ts';
import { ConfidentialPanel } from '../confidential-panel.tsx';
import { loadFailed } from '~/client/errors.ts';
import { SectionCard } from '~/components/list-card.tsx';

export function ConfidentialSection({ id }: { id: number }) {
  const query = trpc.confidentiality.prototype.useQuery({ id }, { retry: false });
  const p = query.data;
  return (
    <SectionCard titleId="confidential-title" title="Description, notes and documents">
      {query.isError ? (
        <p role="alert" className="alert alert-error mt-3">
          {loadFailed('the confidential content', query.error)}
        </p>
      ) : !p ? (
        <Spinner label="Loading the confidential content" className="py-6" />
      ) : p.access.denial ? (
        <ConfidentialPanel prototypeId={p.id} prototypeName={p.prototypeName} access={p.access} />
      ) : (
        <div className="mt-3 flex flex-col gap-3 text-sm">
          <p className="whitespace-pre-line" data-testid="confidential-description">
            {p.description}
          </p>
          {p.notes && <p className="whitespace-pre-line text-base-content/80">Notes: {p.notes}</p>}
          {p.documents.length === 0 ? (
            <p className="text-base-content/70">No documents uploaded yet</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {p.documents.map((doc) => (
                <li key={doc.id}>
                  <a className="link link-primary" href={documentUrl(doc.id)} download={doc.fileName}>
                    {doc.fileName}
                  </a>{' '}
                  <span className="text-xs text-base-content/75">({formatFileSize(doc.size)})</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </SectionCard>
  );
}
