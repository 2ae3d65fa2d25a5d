import { SectionHeading } from './section-heading.tsx';

const HISTORY = [
  {
    year: '2024',
    title: 'Fusion Pilot Reaches Net Gain',
    body: 'A compact fusion core developed with our partners sustained net energy gain in continuous operation.',
  },
  {
    year: '2023',
    title: 'Grid-Scale Storage Goes Live',
    body: 'Solid-state battery arrays from our portfolio entered service on three regional grids.',
  },
  {
    year: '2022',
    title: 'Advanced Materials Laboratory Opens',
    body: 'A dedicated facility for superconducting magnets, perovskite cells and high-temperature alloys.',
  },
  {
    year: '2021',
    title: 'Prototype Marketplace Launches',
    body: 'Inventors everywhere could submit prototypes for confidential evaluation and fair offers.',
  },
] as const;

/** History entries, newest first (2024 down to 2021). */
export function TimelineHistory() {
  return (
    <section aria-labelledby="history-title" className="mx-auto max-w-4xl px-4 py-20 sm:px-6 lg:py-24">
      <SectionHeading id="history-title" eyebrow="History" title="Our Journey" />
      <ol className="relative mt-14 space-y-10 border-l-2 border-base-300 pl-8 sm:ml-24 sm:pl-10">
        {HISTORY.map(({ year, title, body }) => (
          <li key={year} className="relative" data-testid="history-entry">
            <span
              aria-hidden="true"
              className="absolute -left-[2.6rem] top-1.5 size-4 rounded-full border-4 border-base-100 bg-primary ring-2 ring-primary/30 sm:-left-[3.1rem]"
            />
            <p className="text-sm font-bold tabular-nums text-primary sm:absolute sm:-left-[9rem] sm:top-0.5 sm:w-20 sm:text-right sm:text-lg">{year}</p>
            <h3 className="text-xl font-semibold">{title}</h3>
            <p className="mt-1.5 leading-relaxed text-base-content/75">{body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
