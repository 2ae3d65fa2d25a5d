import { BoltIcon, ChipIcon, GlobeIcon, LeafIcon } from './icons.tsx';
import { SectionHeading } from './section-heading.tsx';

const ROADMAP = [
  { year: '2025', title: 'Global Expansion', body: 'Facilities in 10 countries.', Icon: GlobeIcon },
  { year: '2026', title: 'Quantum Grid', body: 'A quantum grid that balances supply and demand in real time.', Icon: ChipIcon },
  {
    year: '2027',
    title: 'Carbon-Negative Operations',
    body: 'Carbon-negative operations across every site we run.',
    Icon: LeafIcon,
  },
  { year: '2028', title: '1 TW Capacity', body: '1 TW of clean generating capacity deployed worldwide.', Icon: BoltIcon },
] as const;

/** The future roadmap, 2025 to 2028. */
export function Roadmap() {
  return (
    <section aria-labelledby="roadmap-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
      <SectionHeading id="roadmap-title" eyebrow="What's Next" title="Future Roadmap" />
      <ol className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {ROADMAP.map(({ year, title, body, Icon }) => (
          <li key={year} data-testid="roadmap-entry" className="relative overflow-hidden rounded-box border border-base-300 bg-base-100/80 p-6 backdrop-blur">
            <div className="flex items-center justify-between">
              <span className="text-3xl font-black tabular-nums text-primary">{year}</span>
              <Icon className="size-7 text-secondary" />
            </div>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-base-content/75">{body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
