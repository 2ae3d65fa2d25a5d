// The document endpoints (src/server/rest/documents.ts) as the browser addresses them.

/** Download: the stored file, to the seller who owns it or an admin. */
export const documentUrl = (documentId: number) => `/api/documents/${documentId}`;

/** The reader: page `page` (from 1) of a PDF as a stamped PNG. */
export const documentPageUrl = (documentId: number, page: number) => `/api/documents/${documentId}/pages/${page}`;

/** The reader's screen for a document (its name shown as the title). */
export const documentReaderPath = (documentId: number) => `/documents/${documentId}`;

/** Upload: the raw file is the body, its name (URI-encoded) is in FILE_NAME_HEADER. */
export const documentUploadUrl = (prototypeId: number) => `/api/prototypes/${prototypeId}/documents`;
export const FILE_NAME_HEADER = 'x-file-name';
