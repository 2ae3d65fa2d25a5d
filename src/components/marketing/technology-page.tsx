import { EnergyMonitorPanel } from './energy-monitor-panel.tsx';
import { MarketingPage } from './marketing-page.tsx';
import { PageIntro } from './page-intro.tsx';
import { ProgressBars } from './progress-bars.tsx';
import { Roadmap } from './roadmap.tsx';
import { SectionHeading } from './section-heading.tsx';
import { TimelineHistory } from './timeline-history.tsx';

export const DEVELOPMENT_PROGRESS = [
  { label: 'Research', value: 80 },
  { label: 'Prototype Development', value: 65 },
  { label: 'Market Deployment', value: 45 },
] as const;

export function TechnologyPage() {
  return (
    <MarketingPage>
      <PageIntro eyebrow="Technology" title="Innovation Timeline">
        Where we have been, where our technology stands today, and where we are going next.
      </PageIntro>

      <TimelineHistory />

      <section aria-labelledby="progress-title" className="border-y border-base-300/70 bg-base-200/60">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
          <SectionHeading id="progress-title" eyebrow="Today" title="Development Progress" align="start">
            Our current generation of fusion and storage technology, measured against its full commercial rollout.
          </SectionHeading>
          <div className="rounded-[1.5rem] border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
            <ProgressBars items={DEVELOPMENT_PROGRESS} />
          </div>
        </div>
      </section>

      <section aria-labelledby="monitor-title" className="mx-auto max-w-7xl px-4 pt-20 sm:px-6 lg:px-8 lg:pt-24">
        <SectionHeading id="monitor-title" eyebrow="Live" title="Live Energy Monitor">
          Follow a simulated reactor array as it would appear in our control room.
        </SectionHeading>
        <div className="mt-12">
          <EnergyMonitorPanel />
        </div>
      </section>

      <Roadmap />
    </MarketingPage>
  );
}
