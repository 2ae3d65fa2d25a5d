import { useRef } from 'react';
import { COUNT_UP_VISIBLE_RATIO, barPercent } from '~/client/motion/easing.ts';
import { useCountUp } from '~/client/motion/use-count-up.ts';
import { useInViewOnce } from '~/client/motion/use-in-view.ts';
import { BoltIcon, RocketIcon } from './icons.tsx';

/** Spec: the Projects Active bar is scaled against 150 and capped at 100%. */
export const PROJECTS_ACTIVE = 127;
export const PROJECTS_BAR_SCALE = 150;

const card = 'rounded-box border border-base-300 bg-base-100/95 p-3 shadow-xl sm:p-4 shadow-base-content/10 backdrop-blur';

/** The two floating cards beside the hero widget: Energy Output and a counting Projects Active. */
export function FloatingStatCards() {
  const ref = useRef<HTMLDivElement>(null);
  const started = useInViewOnce(ref, COUNT_UP_VISIBLE_RATIO);
  const projects = useCountUp(PROJECTS_ACTIVE, 0, started);
  const width = barPercent(projects, PROJECTS_BAR_SCALE);

  return (
    <>
      <div className={`${card} atomix-float lg:absolute lg:-left-6 lg:top-0 lg:w-52`} data-testid="stat-energy-output">
        <div className="flex items-center gap-2.5 sm:gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
            <BoltIcon className="size-5" />
          </span>
          <div>
            <p className="text-xs font-medium text-base-content/70">Energy Output</p>
            <p className="text-xl font-bold tabular-nums">2.5 TW</p>
          </div>
        </div>
      </div>
      <div ref={ref} className={`${card} atomix-float-delayed lg:absolute lg:-right-6 lg:bottom-0 lg:w-56`} data-testid="stat-projects-active">
        <div className="flex items-center gap-2.5 sm:gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-secondary/10 text-secondary">
            <RocketIcon className="size-5" />
          </span>
          <div>
            <p className="text-xs font-medium text-base-content/70">Projects Active</p>
            <p className="text-xl font-bold tabular-nums">
              <span className="sr-only">{PROJECTS_ACTIVE}</span>
              <span aria-hidden="true" data-testid="counter-value" data-target={PROJECTS_ACTIVE}>
                {projects}
              </span>
            </p>
          </div>
        </div>
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-base-300" aria-hidden="true">
          <div className="h-full rounded-full bg-gradient-to-r from-secondary to-primary" data-testid="projects-bar" style={{ width: `${width}%` }} />
        </div>
      </div>
    </>
  );
}
