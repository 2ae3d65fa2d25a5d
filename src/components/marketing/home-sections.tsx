// Everything on the home page below the hero: loaded and rendered right after the hero's first paint.
import { ClosingCta } from './closing-cta.tsx';
import { NumbersBand } from './card-parts.tsx';
import { FusionSection } from './fusion-section.tsx';
import { PartnersSection } from './partners-section.tsx';
import { PitchSection } from './pitch-section.tsx';
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
      <NumbersBand id="impact-title" eyebrow="Our Impact" title="Measured in Megawatts" label="Atomix Energy in numbers" items={HOME_COUNTERS} />
      <TechnologyCards />
      <FusionSection />
      <PartnersSection />
      <ClosingCta />
    </>
  );
}
