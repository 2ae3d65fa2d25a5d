// A document as the team sees it (issue 31, points 3 and 4): a download that says the copy is
// watermarked (PDF, PNG, JPEG) or served as it is, and for a PDF the reader; a view-only document
// offers only the reader.
import { Link } from '@tanstack/react-router';
import { documentUrl } from '~/shared/document-urls.ts';
import { formatFileSize } from '~/shared/format.ts';

const STAMPED_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

export function AdminDocumentLinks({ document: doc }: { document: { id: number; fileName: string; fileType: string; fileSize: number; viewOnly: boolean } }) {
  const pdf = doc.fileType === 'application/pdf';
  const stamped = STAMPED_TYPES.has(doc.fileType);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {doc.viewOnly ? (
        <span className="font-medium">{doc.fileName}</span>
      ) : (
        <a
          className="link link-primary"
          href={documentUrl(doc.id)}
          download={doc.fileName}
          title={stamped ? 'Your copy is stamped with your name, e-mail and the time' : undefined}
        >
          {doc.fileName} <span className="text-xs">{stamped ? '(download watermarked copy)' : '(download)'}</span>
        </a>
      )}
      <span className="text-xs text-base-content/75">({formatFileSize(doc.fileSize)})</span>
      {doc.viewOnly && <span className="badge badge-outline badge-sm">View only</span>}
      {pdf && (
        <Link to="/documents/$documentId" params={{ documentId: String(doc.id) }} search={{ name: doc.fileName }} className="link link-primary">
          Read<span className="sr-only"> {doc.fileName} page by page</span>
        </Link>
      )}
    </span>
  );
}
