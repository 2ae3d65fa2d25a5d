import { Link } from '@tanstack/react-router';
import { ArrowRightIcon } from './icons.tsx';
import { SectionHeading } from './section-heading.tsx';

export const PARTNERS = [
  { name: 'Helios Institute for Plasma Physics', place: 'Munich' },
  { name: 'Nordic Fusion Laboratory', place: 'Uppsala' },
  { name: 'Pacific Grid Research Consortium', place: 'Vancouver' },
  { name: 'Meridian University Energy Lab', place: 'Melbourne' },
] as const;

const FIGURES = ['50+ research partners', '25 countries', '$2.8B investment secured'] as const;

/** Research partners, the three partnership figures and the link to About. */
export function PartnersSection() {
  return (
    <section aria-labelledby="partners-title" className="border-y border-base-300/70 bg-base-200/60">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
        <SectionHeading id="partners-title" eyebrow="Partners" title="Trusted by Leading Research Institutions">
          We co-develop with laboratories and universities that share our standards for safety and scientific rigour.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PARTNERS.map(({ name, place }) => (
            <li key={name} className="flex flex-col items-center justify-center rounded-box border border-base-300 bg-base-100 px-5 py-7 text-center">
              <span className="text-base font-semibold leading-snug">{name}</span>
              <span className="mt-1 text-sm text-base-content/70">{place}</span>
            </li>
          ))}
        </ul>
        <ul className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-10" aria-label="Partnership figures">
          {FIGURES.map((figure) => (
            <li key={figure} className="text-lg font-semibold">
              <span className="mr-2 inline-block size-2 rounded-full bg-secondary align-middle" aria-hidden="true" />
              {figure}
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to="/about" className="link link-primary inline-flex items-center gap-1.5 font-semibold">
            Learn About Our Partners
            <ArrowRightIcon className="size-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}
