// A decorative outline icon drawn from one SVG path on a 24×24 grid (the summary and promise cards).

/** The dollar sign of the revenue and compensation cards. */
export const DOLLAR_PATH = 'M12 3v18 M16.5 7.5C16 6 14.2 5 12 5c-2.8 0-4.5 1.3-4.5 3.2 0 4.3 9 2.2 9 6.6 0 1.9-1.8 3.2-4.5 3.2-2.3 0-4.1-1-4.6-2.6';

export function PathIcon({ d, className }: { d: string; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
