import { DOLLAR_PATH, PathIcon } from '~/components/path-icon.tsx';
import { FEEDBACK_WINDOW, INITIAL_REVIEW_WINDOW } from '~/components/review-window.ts';

/** The three promises next to the form (spec section 2, section 9 review promise). */
const CARDS = [
  {
    title: 'Confidential Review',
    text: 'Your prototype, documents and quote are seen only by you and the Atomix evaluation team.',
    icon: 'M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6z M9.5 12l2 2 3.5-4',
  },
  {
    title: 'Fair Compensation',
    text: 'Every accepted prototype receives a quote based on its technical and commercial merit, with development partnerships on offer.',
    icon: DOLLAR_PATH,
  },
  {
    title: 'Fast Response',
    text: `Initial review within ${INITIAL_REVIEW_WINDOW}. Detailed feedback and next steps within ${FEEDBACK_WINDOW}.`,
    icon: 'M12 7v5l3 2 M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  },
] as const;

export function InfoCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
      {CARDS.map((card) => (
        <li key={card.title} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
              <PathIcon d={card.icon} className="size-5" />
            </span>
            <h2 className="font-semibold">{card.title}</h2>
          </div>
          <p className="mt-3 text-sm text-base-content/75">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
