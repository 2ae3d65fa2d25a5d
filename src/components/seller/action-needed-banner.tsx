// The dashboard's "Action needed" banner (issue 14, point 5): the prototypes whose evaluation waits
// on the seller's answer to a question.
import { Link } from '@tanstack/react-router';
import type { SellerPrototype } from './types.ts';
import { countOf } from '~/shared/format.ts';

export function ActionNeededBanner({ prototypes }: { prototypes: SellerPrototype[] }) {
  const waiting = prototypes.filter((p) => p.openInfoRequests > 0);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="action-needed-title" className="alert alert-warning flex flex-col items-start gap-2" data-testid="action-needed-banner">
      <h2 id="action-needed-title" className="font-semibold">
        Action needed
      </h2>
      <p className="text-sm">
        The evaluation team has questions about {waiting.length === 1 ? 'one of your prototypes' : `${waiting.length} of your prototypes`}:
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {waiting.map((p) => (
          <li key={p.id}>
            <Link to="/prototypes/$prototypeId" params={{ prototypeId: String(p.id) }} className="link font-medium">
              {p.prototypeName}
            </Link>{' '}
            ({countOf(p.openInfoRequests, 'question')} to answer)
          </li>
        ))}
      </ul>
    </section>
  );
}
