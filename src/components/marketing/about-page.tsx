import { IconCard, NumbersBand } from './card-parts.tsx';
import { HandshakeIcon, LeafIcon, LightbulbIcon } from './icons.tsx';
import { MarketingPage } from './marketing-page.tsx';
import { PageIntro } from './page-intro.tsx';
import { SectionHeading } from './section-heading.tsx';

export const ABOUT_COUNTERS = [
  { target: 15, label: 'Years Experience' },
  { target: 250, label: 'Active Projects' },
  { target: 500, label: 'MW Capacity' },
] as const;

const VALUES = [
  {
    title: 'Innovation',
    body: 'We back bold ideas with rigorous science, and we are not afraid of physics that has never left the lab.',
    Icon: LightbulbIcon,
  },
  {
    title: 'Sustainability',
    body: 'Every technology we take on must leave the planet better off: lower emissions, less waste, lasting supply.',
    Icon: LeafIcon,
  },
  {
    title: 'Collaboration',
    body: 'Inventors, researchers, utilities and investors succeed together. We share credit, data and rewards.',
    Icon: HandshakeIcon,
  },
] as const;

export function AboutPage() {
  return (
    <MarketingPage>
      <PageIntro eyebrow="About Us" title="About Atomix Energy">
        For fifteen years we have helped inventors and research institutions turn clean-energy breakthroughs into systems that power homes, industry and cities.
      </PageIntro>

      <section aria-labelledby="mission-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <SectionHeading id="mission-title" eyebrow="Mission" title="Our Mission" align="start">
            To find the world's most promising energy prototypes, pay their creators fairly, and develop them into safe, affordable, carbon-free power at global
            scale.
          </SectionHeading>
          <blockquote className="rounded-box border-l-4 border-primary bg-base-200/80 p-8 text-lg leading-relaxed">
            <p>“The breakthroughs the planet needs already exist on workbenches around the world. Our job is to make sure they never stay there.”</p>
            <footer className="mt-4 text-sm font-semibold text-base-content/70">Dr. Elena Varga, Chief Executive</footer>
          </blockquote>
        </div>
      </section>

      <NumbersBand id="numbers-title" eyebrow="By the Numbers" title="Proven at Scale" label="Atomix Energy by the numbers" items={ABOUT_COUNTERS} />

      <section aria-labelledby="vision-title" className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:py-24">
        <SectionHeading id="vision-title" eyebrow="Vision" title="Our Vision">
          A world where every community runs on clean, abundant energy, and where anyone with a breakthrough idea has a path to bring it to market.
        </SectionHeading>
      </section>

      <section aria-labelledby="values-title" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        <SectionHeading id="values-title" eyebrow="Values" title="What Drives Us" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {VALUES.map(({ title, body, Icon }) => (
            <IconCard
              key={title}
              Icon={Icon}
              tileClassName="bg-secondary/10 text-secondary"
              title={title}
              body={body}
              className="rounded-box border border-base-300 bg-base-100/80 p-8 backdrop-blur"
            />
          ))}
        </ul>
      </section>
    </MarketingPage>
  );
}
