// An opened message (the seller's inbox) or conversation (the admin's): a card with the way back to
// the list on phones, and the subject as its heading, focused when it opens so that keyboard and
// screen-reader users (and phones) land on it.
import { type ReactNode, useEffect, useRef } from 'react';

export function OpenedArticle({
  subject,
  heading: Heading,
  headingId,
  backLabel,
  onBack,
  openedId,
  testId,
  children,
}: {
  subject: string;
  /** The heading's level where the article sits. */
  heading: 'h2' | 'h3';
  headingId: string;
  backLabel: string;
  onBack: () => void;
  /** What is open: focus moves to the heading each time it changes. */
  openedId: number;
  testId: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [openedId]);
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6" aria-labelledby={headingId} data-testid={testId}>
      <button type="button" className="btn btn-ghost btn-sm mb-3 lg:hidden" onClick={onBack}>
        <span aria-hidden="true">←</span> {backLabel}
      </button>
      <Heading id={headingId} ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {subject}
      </Heading>
      {children}
    </article>
  );
}
