// Everything on the home page below the hero: loaded and rendered right after the hero's first paint.
import { ClosingCta } from './closing-cta.tsx';
import { CounterGroup } from './counter-group.tsx';
import { FusionSection } from './fusion-section.tsx';
import { PartnersSection } from './partners-section.tsx';
import { PitchSection } from './pitch-section.tsx';
import { SectionHeading } from './section-heading.tsx';
import { TechnologyCards } from './technology-cards.tsx';

export const HOME_COUNTERS = [
  { target: 15, label: 'Years of Excellence' },
  { target: 127, label: 'Active Projects' },
  { target: 250, label: 'MW Total Capacity' },
] as const;

export default function HomeSections() {
  return (
    <>
      <PitchSection />
      <section aria-labelledby="impact-title" className="border-y border-base-300/70 bg-base-200/60">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading id="impact-title" eyebrow="Our Impact" title="Measured in Megawatts" />
          <div className="mt-12">
            <CounterGroup label="Atomix Energy in numbers" items={HOME_COUNTERS} />
          </div>
        </div>
      </section>
      <TechnologyCards />
      <FusionSection />
      <PartnersSection />
      <ClosingCta />
    </>
  );
}
