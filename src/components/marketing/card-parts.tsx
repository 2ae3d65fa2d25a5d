// Parts the marketing pages repeat (issue 29, point 8): a band of animated figures under a heading,
// and a card led by an icon tile with a title and a paragraph.
import type { ComponentType, ReactNode } from 'react';
import { CounterGroup, type CounterItem } from './counter-group.tsx';
import { SectionHeading } from './section-heading.tsx';

/** A full-width band: a heading and the figures counting up when scrolled into view. */
export function NumbersBand({
  id,
  eyebrow,
  title,
  label,
  items,
}: {
  id: string;
  eyebrow: string;
  title: string;
  label: string;
  items: readonly CounterItem[];
}) {
  return (
    <section aria-labelledby={id} className="border-y border-base-300/70 bg-base-200/60">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} />
        <div className="mt-12">
          <CounterGroup label={label} items={items} />
        </div>
      </div>
    </section>
  );
}

/** The filled tile of the home and services cards. */
export const SOLID_TILE = 'bg-primary text-primary-content shadow-md shadow-primary/25';

/** The rounded tile an icon stands in; `className` colours it. */
export function IconTile({ Icon, className }: { Icon: ComponentType<{ className?: string }>; className: string }) {
  return (
    <span className={`grid size-12 place-items-center rounded-xl ${className}`}>
      <Icon className="size-6" />
    </span>
  );
}

/** A list item card: the icon tile, an <h3> and its paragraph; `children` follow (a list of points). */
export function IconCard({
  Icon,
  tileClassName,
  title,
  body,
  className,
  testId,
  large = false,
  children,
}: {
  Icon: ComponentType<{ className?: string }>;
  tileClassName: string;
  title: string;
  body: string;
  className: string;
  testId?: string;
  /** The services' larger title and wider spacing. */
  large?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className={className} data-testid={testId}>
      <IconTile Icon={Icon} className={tileClassName} />
      <h3 className={large ? 'mt-6 text-2xl font-semibold' : 'mt-5 text-xl font-semibold'}>{title}</h3>
      <p className={large ? 'mt-3 leading-relaxed text-base-content/75' : 'mt-2 leading-relaxed text-base-content/75'}>{body}</p>
      {children}
    </li>
  );
}
