// The seller's way to the submission form, or, while an administrator has revoked prototypes.submit,
// a disabled button that says why and until when (issue 34, point 4).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { RevokedButton } from '~/components/permissions/capability-notice.tsx';

export function SubmitPrototypeLink({
  label,
  className,
  icon,
  hideWhenRevoked = false,
}: {
  label: string;
  className: string;
  icon?: ReactNode;
  /** A second way to the form on the same screen: gone rather than explained twice. */
  hideWhenRevoked?: boolean;
}) {
  const submit = revoked(useCapability('prototypes.submit'));
  if (submit) return hideWhenRevoked ? null : <RevokedButton state={submit} label={label} className={className} />;
  return (
    <Link to="/prototype-submission" className={className}>
      {icon}
      {label}
    </Link>
  );
}
