import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { compact, text } from '~/client/search-params.ts';
import { DocumentReader } from '~/components/documents/document-reader.tsx';
import { NotFound } from '~/components/not-found.tsx';
import { parseRecordId } from '~/shared/schemas/bounds.ts';

/** The view-only reader (issue 31, point 4): admins and the document's seller; ?name= is the title shown. */
export const Route = createFileRoute('/_auth/documents/$documentId')({
  validateSearch: (input: Record<string, unknown>): { name?: string } => compact({ name: text(input.name, 255) }),
  head: () => pageHead('Reader', 'Read a confidential document page by page.'),
  component: Screen,
});

function Screen() {
  const { documentId } = Route.useParams();
  const { name } = Route.useSearch();
  const id = parseRecordId(documentId);
  if (id === null) return <NotFound />;
  return <DocumentReader key={id} documentId={id} fileName={name} />;
}
