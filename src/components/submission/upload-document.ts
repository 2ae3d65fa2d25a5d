// Sends one file as the raw body of one request, so the browser can report progress
// (XMLHttpRequest's upload.onprogress) and the server can stream it to storage.
import { FILE_NAME_HEADER, documentUploadUrl } from '~/shared/document-urls.ts';

export interface UploadedDocument {
  id: number;
  prototypeId: number;
  fileName: string;
  fileType: string;
  fileSize: number;
  uploadedAt: string;
}

export class UploadFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `url`: where to send it (default: the prototype's documents; an answer's documents go to its request). */
export function uploadDocument(
  prototypeId: number,
  file: File,
  onProgress: (fraction: number) => void,
  url = documentUploadUrl(prototypeId),
): Promise<UploadedDocument> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(FILE_NAME_HEADER, encodeURIComponent(file.name));
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as UploadedDocument);
      } else {
        const message = (body as { message?: unknown } | null)?.message;
        reject(new UploadFailure(xhr.status, typeof message === 'string' && message ? message : `Upload failed (${xhr.status})`));
      }
    };
    xhr.onerror = () => reject(new UploadFailure(0, 'The upload was interrupted. Please check your connection.'));
    xhr.send(file);
  });
}
