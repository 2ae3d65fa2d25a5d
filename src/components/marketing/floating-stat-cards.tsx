import { type ComponentType, type ReactNode, useRef } from 'react';
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
        <StatLine Icon={BoltIcon} tileClassName="bg-primary/10 text-primary" label="Energy Output">
          2.5 TW
        </StatLine>
      </div>
      <div ref={ref} className={`${card} atomix-float-delayed lg:absolute lg:-right-6 lg:bottom-0 lg:w-56`} data-testid="stat-projects-active">
        <StatLine Icon={RocketIcon} tileClassName="bg-secondary/10 text-secondary" label="Projects Active">
          <span className="sr-only">{PROJECTS_ACTIVE}</span>
          <span aria-hidden="true" data-testid="counter-value" data-target={PROJECTS_ACTIVE}>
            {projects}
          </span>
        </StatLine>
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-base-300" aria-hidden="true">
          <div className="h-full rounded-full bg-gradient-to-r from-secondary to-primary" data-testid="projects-bar" style={{ width: `${width}%` }} />
        </div>
      </div>
    </>
  );
}

/** A card's icon tile beside its label and its figure (`children`). */
function StatLine({
  Icon,
  tileClassName,
  label,
  children,
}: {
  Icon: ComponentType<{ className?: string }>;
  tileClassName: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2.5 sm:gap-3">
      <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${tileClassName}`}>
        <Icon className="size-5" />
      </span>
      <div>
        <p className="text-xs font-medium text-base-content/70">{label}</p>
        <p className="text-xl font-bold tabular-nums">{children}</p>
      </div>
    </div>
  );
}
