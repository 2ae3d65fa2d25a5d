import { useId, useState } from 'react';
import { UPLOAD_ACCEPTED_EXTENSIONS, UPLOAD_MAX_BYTES } from '~/shared/constants.ts';
import { formatFileSize, countOf } from '~/shared/format.ts';
import type { AcceptedExtensions } from '~/shared/schemas/prototype.ts';
import type { PickedFile, RefusedFile } from './use-document-uploads.ts';

/**
 * The drop area (spec section 5): pdf, doc, docx, jpg, jpeg, png (an answer to an information
 * request: spreadsheets and text too), several at once, each listed with its size (KB or MB),
 * removable before upload, with progress announced to screen readers.
 */
export function FileDropArea({
  files,
  refused,
  onAdd,
  onRemove,
  disabled = false,
  label = 'Supporting documents',
  accepted = UPLOAD_ACCEPTED_EXTENSIONS,
}: {
  files: PickedFile[];
  refused: RefusedFile[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
  label?: string;
  /** The extensions offered (the same list the upload checks). */
  accepted?: AcceptedExtensions;
}) {
  const inputId = useId();
  const kinds = accepted.map((ext) => ext.toUpperCase()).join(', ');
  const limit = formatFileSize(UPLOAD_MAX_BYTES).replace(' ', '');
  const [dragging, setDragging] = useState(false);
  const uploading = files.filter((f) => f.state === 'uploading');
  const overall = uploading.length > 0 ? Math.round((uploading.reduce((sum, f) => sum + (f.progress ?? 0), 0) / uploading.length) * 100) : null;
  const done = files.filter((f) => f.state === 'done').length;
  // Announced in steps of 25% so a screen reader is told without being flooded.
  const announcement =
    overall !== null
      ? `Uploading ${countOf(uploading.length, 'file')}: ${Math.floor(overall / 25) * 25}%`
      : done > 0
        ? `${done} of ${countOf(files.length, 'file')} uploaded`
        : '';

  return (
    <div className="flex flex-col gap-3">
      <span className="text-sm font-medium" id={`${inputId}-label`}>
        {label}
      </span>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!disabled) onAdd(Array.from(e.dataTransfer.files));
        }}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
          dragging ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-200/50 hover:border-primary/60'
        } ${disabled ? 'pointer-events-none opacity-60' : ''}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-9 text-primary" fill="none" stroke="currentColor" strokeWidth="1.6">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="font-medium">
          Drop files here or <span className="text-primary underline underline-offset-4">browse</span>
        </span>
        <span className="text-xs text-base-content/70">
          {kinds} · up to {limit} each
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={accepted.map((ext) => `.${ext}`).join(',')}
          disabled={disabled}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={`${inputId}-hint`}
          className="sr-only"
          onChange={(e) => {
            onAdd(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </label>
      <p id={`${inputId}-hint`} className="sr-only">
        Accepted: {kinds}, up to {limit} each. Several files can be chosen.
      </p>

      {refused.length > 0 && (
        // The alert wraps the list: a list may not take the alert role itself (axe: aria-allowed-role).
        <div role="alert">
          <ul className="flex flex-col gap-1 text-sm text-error">
            {refused.map((r, i) => (
              <li key={`${r.name}-${i}`}>
                {r.name}: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}

      {files.length > 0 && (
        <ul aria-label="Selected files" className="flex flex-col gap-2">
          {files.map((f) => (
            <li key={f.id} className="flex flex-col gap-2 rounded-field border border-base-300 bg-base-100 p-3" data-testid="picked-file">
              <div className="flex items-center gap-3">
                <FileIcon />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={f.file.name}>
                    {f.file.name}
                  </p>
                  <p className="text-xs text-base-content/70">
                    {formatFileSize(f.file.size)}
                    {f.state === 'done' && <span className="ml-2 text-success">Uploaded</span>}
                    {f.state === 'failed' && <span className="ml-2 text-error">{f.error}</span>}
                  </p>
                </div>
                {f.state !== 'uploading' && f.state !== 'done' && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-square"
                    onClick={() => onRemove(f.id)}
                    disabled={disabled}
                    aria-label={`Remove ${f.file.name}`}
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
                    </svg>
                  </button>
                )}
              </div>
              {f.progress !== null && f.state !== 'failed' && (
                <progress
                  className="progress progress-primary h-1.5 w-full"
                  value={Math.round(f.progress * 100)}
                  max={100}
                  aria-label={`Upload progress for ${f.file.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only" data-testid="upload-status">
        {announcement}
      </p>
    </div>
  );
}

function FileIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0 text-base-content/60" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" strokeLinejoin="round" />
      <path d="M14 3v5h5" strokeLinejoin="round" />
    </svg>
  );
}
