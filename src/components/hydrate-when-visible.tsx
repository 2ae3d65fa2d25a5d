// Progressive hydration of pre-rendered pages: a part below the fold stays the server's HTML (readable,
// its links working) until it comes near the viewport or is focused or touched, then hydrates in a task
// of its own. The first load runs only the code for what is on screen (ADR 0007).
import { type ComponentType, type ReactNode, Suspense, memo, use, useId } from 'react';
import { useHydrated } from '~/client/use-hydrated.ts';

const MARK = 'data-hydrate-when-visible';
/** How far outside the viewport a part starts hydrating, so it is live by the time it is seen. */
const AHEAD = '50% 0px';

const waits = new Map<string, Promise<void>>();

/** Resolves once the marked element nears the viewport, receives focus or a pointer. One promise per part. */
function whenNeeded(id: string): Promise<void> {
  let wait = waits.get(id);
  if (!wait) {
    wait = new Promise<void>((resolve) => {
      const element = document.querySelector(`[${MARK}="${CSS.escape(id)}"]`);
      if (!element || typeof IntersectionObserver === 'undefined') return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) done();
        },
        { rootMargin: AHEAD },
      );
      function done() {
        observer.disconnect();
        element?.removeEventListener('focusin', done);
        element?.removeEventListener('pointerdown', done);
        resolve();
      }
      observer.observe(element);
      element.addEventListener('focusin', done);
      element.addEventListener('pointerdown', done);
    });
    waits.set(id, wait);
  }
  return wait;
}

function Gate({ id, component: Component }: { id: string; component: ComponentType }) {
  // Only while hydrating server HTML; a page the app renders itself shows everything at once.
  const hydrated = useHydrated();
  if (!hydrated && typeof document !== 'undefined') use(whenNeeded(id));
  return <Component />;
}

interface Props {
  /** The part, as a component without props: a parent's re-render then never reaches it while it waits. */
  component: ComponentType;
  /** Shown while the part's code loads on a page the app renders itself (never over server HTML). */
  fallback?: ReactNode;
}

export const HydrateWhenVisible = memo(function HydrateWhenVisible({ component, fallback = null }: Props) {
  const id = useId();
  return (
    <div {...{ [MARK]: id }}>
      <Suspense fallback={fallback}>
        <Gate id={id} component={component} />
      </Suspense>
    </div>
  );
});
