import { CheckCircleIcon, FlaskIcon, LeafIcon, SearchIcon } from './icons.tsx';
import { MarketingPage } from './marketing-page.tsx';
import { PageIntro } from './page-intro.tsx';
import { SectionHeading } from './section-heading.tsx';
import { IconCard, SOLID_TILE } from './card-parts.tsx';

const SERVICES = [
  {
    title: 'Prototype Acquisition',
    body: 'We evaluate your working prototype in confidence and make a fair offer, with options for royalties and a role in its development.',
    points: ['Confidential technical review', 'Independent valuation', 'Flexible deal structures'],
    Icon: SearchIcon,
  },
  {
    title: 'Research & Development',
    body: 'Our laboratories and partner institutes take a promising design through simulation, testing and certification.',
    points: ['Simulation and modelling', 'Pilot-scale test rigs', 'Safety certification'],
    Icon: FlaskIcon,
  },
  {
    title: 'Sustainable Solutions',
    body: 'We integrate proven technology into grids, plants and industrial sites, sized for real-world demand.',
    points: ['Grid integration', 'Lifecycle carbon analysis', 'Operations support'],
    Icon: LeafIcon,
  },
] as const;

const STEPS = [
  { number: '01', title: 'Discovery', body: 'You share your prototype under a mutual non-disclosure agreement.' },
  { number: '02', title: 'Evaluation', body: 'Engineers and analysts assess performance, feasibility and market potential.' },
  { number: '03', title: 'Development', body: 'We refine, scale and certify the technology together with you.' },
  { number: '04', title: 'Deployment', body: 'The finished system goes into service with our utility and industry partners.' },
] as const;

const REASONS = [
  'Fifteen years of experience bringing energy technology to market',
  'Confidential evaluation protected by strict non-disclosure agreements',
  'Fair, transparent compensation for inventors',
  'In-house laboratories and a network of 50+ research partners',
  'Deployment partners in 25 countries',
  'Dedicated support from first contact to full deployment',
] as const;

export function ServicesPage() {
  return (
    <MarketingPage>
      <PageIntro eyebrow="Services" title="Our Services">
        Everything an energy invention needs to go from prototype to power plant, under one roof.
      </PageIntro>

      <section aria-labelledby="offer-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
        <h2 id="offer-title" className="sr-only">
          What We Offer
        </h2>
        <ul className="grid gap-6 lg:grid-cols-3">
          {SERVICES.map(({ title, body, points, Icon }) => (
            <IconCard
              key={title}
              testId="service-card"
              Icon={Icon}
              tileClassName={SOLID_TILE}
              title={title}
              body={body}
              large
              className="flex flex-col rounded-box border border-base-300 bg-base-100/80 p-8 shadow-sm backdrop-blur transition motion-safe:hover:-translate-y-1 hover:shadow-lg"
            >
              <ul className="mt-5 flex-1 space-y-2">
                {points.map((point) => (
                  <li key={point} className="flex items-center gap-2 text-sm">
                    <CheckCircleIcon className="size-4 shrink-0 text-secondary" />
                    {point}
                  </li>
                ))}
              </ul>
              {/* Spec section 2: the Learn More buttons do nothing. */}
              <button type="button" className="btn btn-outline btn-primary mt-8 self-start">
                Learn More
              </button>
            </IconCard>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process-title" className="border-y border-base-300/70 bg-base-200/60">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
          <SectionHeading id="process-title" eyebrow="How It Works" title="Our Process">
            A clear path with a named contact at every step.
          </SectionHeading>
          <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ number, title, body }) => (
              <li key={number} className="relative rounded-box bg-base-100 p-7 shadow-sm">
                <span className="text-4xl font-black tabular-nums text-primary" aria-hidden="true">
                  {number}
                </span>
                <h3 className="mt-3 text-xl font-semibold">
                  <span className="sr-only">{number} </span>
                  {title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-base-content/75">{body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="why-title" className="mx-auto max-w-5xl px-4 py-20 sm:px-6 lg:py-24">
        <SectionHeading id="why-title" eyebrow="Why Us" title="Why Choose Atomix Energy" />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2" data-testid="why-choose-list">
          {REASONS.map((reason) => (
            <li key={reason} className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100/80 p-5 backdrop-blur">
              <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-secondary" />
              <span className="font-medium">{reason}</span>
            </li>
          ))}
        </ul>
      </section>
    </MarketingPage>
  );
}
