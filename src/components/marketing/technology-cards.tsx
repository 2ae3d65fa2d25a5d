import { AtomIcon, BatteryIcon, DropletIcon, FlameIcon, SunIcon, WindIcon } from './icons.tsx';
import { SectionHeading } from './section-heading.tsx';

export const TECHNOLOGIES = [
  { name: 'Nuclear Fusion', projects: 23, body: 'Compact magnetic-confinement cores and advanced fuel cycles.', Icon: AtomIcon },
  { name: 'Advanced Wind', projects: 41, body: 'Airborne and floating turbines for steadier, stronger winds.', Icon: WindIcon },
  { name: 'Hydroelectric', projects: 18, body: 'Low-head and run-of-river generators with minimal footprint.', Icon: DropletIcon },
  { name: 'Solar Innovation', projects: 35, body: 'Tandem perovskite cells and concentrated solar thermal.', Icon: SunIcon },
  { name: 'Geothermal', projects: 12, body: 'Closed-loop wells that reach heat almost anywhere on earth.', Icon: FlameIcon },
  { name: 'Energy Storage', projects: 29, body: 'Solid-state, flow and thermal batteries for the grid.', Icon: BatteryIcon },
] as const;

/** The six technology cards with their static project counts. */
export function TechnologyCards() {
  return (
    <section aria-labelledby="tech-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <SectionHeading id="tech-title" eyebrow="Portfolio" title="Technologies We Advance">
        Six fields of clean energy, each with a pipeline of prototypes in evaluation, development or deployment.
      </SectionHeading>
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {TECHNOLOGIES.map(({ name, projects, body, Icon }) => (
          <li
            key={name}
            data-testid="technology-card"
            className="relative overflow-hidden rounded-box border border-base-300 bg-base-100/80 p-6 backdrop-blur transition hover:border-primary/40 hover:shadow-lg"
          >
            <div className="flex items-start justify-between gap-4">
              <span className="grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-6" />
              </span>
              <p className="text-right">
                <span className="block text-3xl font-bold tabular-nums">{projects}</span>
                <span className="text-xs font-medium uppercase tracking-wider text-base-content/70">projects</span>
              </p>
            </div>
            <h3 className="mt-5 text-lg font-semibold">{name}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-base-content/75">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
