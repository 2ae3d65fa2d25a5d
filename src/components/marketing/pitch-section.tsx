import { AwardIcon, CheckCircleIcon, FlaskIcon, GlobeIcon, RocketIcon, TargetIcon, UsersIcon } from './icons.tsx';
import { SectionHeading } from './section-heading.tsx';
import { IconCard, SOLID_TILE } from './card-parts.tsx';

const DIFFERENTIATORS = [
  {
    title: 'Precision Acquisition',
    body: 'Our engineers assess every prototype against physics, manufacturability and market fit, then make a fair offer backed by data.',
    Icon: TargetIcon,
  },
  {
    title: 'Advanced Development',
    body: 'Laboratories, simulation clusters and test rigs turn a promising bench result into a certified, production-ready system.',
    Icon: FlaskIcon,
  },
  {
    title: 'Rapid Deployment',
    body: 'Utility and industrial partners on four continents put proven technology onto the grid in months, not decades.',
    Icon: RocketIcon,
  },
] as const;

const STATS = [
  { label: 'Global reach', Icon: GlobeIcon },
  { label: 'Award-winning team', Icon: AwardIcon },
  { label: '98% success rate', Icon: CheckCircleIcon },
  { label: '500+ inventors', Icon: UsersIcon },
] as const;

/** "Transforming Energy Through Innovation": three differentiators and four static stats. */
export function PitchSection() {
  return (
    <section aria-labelledby="pitch-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <SectionHeading id="pitch-title" eyebrow="Why Atomix" title="Transforming Energy Through Innovation">
        From the first conversation to the first megawatt, one team carries an invention through every stage.
      </SectionHeading>

      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {DIFFERENTIATORS.map(({ title, body, Icon }) => (
          <IconCard
            key={title}
            Icon={Icon}
            tileClassName={SOLID_TILE}
            title={title}
            body={body}
            className="group rounded-box border border-base-300 bg-base-100/80 p-7 shadow-sm backdrop-blur transition motion-safe:hover:-translate-y-1 hover:border-primary/40 hover:shadow-lg"
          />
        ))}
      </ul>

      <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Atomix at a glance">
        {STATS.map(({ label, Icon }) => (
          <li key={label} className="flex items-center gap-3 rounded-box bg-base-200/80 px-4 py-4 font-semibold sm:px-5">
            <Icon className="size-6 shrink-0 text-secondary" />
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
