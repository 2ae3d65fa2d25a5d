import { Link } from '@tanstack/react-router';
import { HydrateWhenVisible } from '~/components/hydrate-when-visible.tsx';
import { FloatingStatCards } from './floating-stat-cards.tsx';
import { ArrowRightIcon, AtomIcon, ChipIcon, LeafIcon, ShieldIcon } from './icons.tsx';
import { ReactorReadout } from './reactor-readout.tsx';

const BADGES = [
  { label: 'Clean Energy', Icon: LeafIcon },
  { label: 'Safe Technology', Icon: ShieldIcon },
  { label: 'Advanced Systems', Icon: ChipIcon },
] as const;

/** Home hero: brand mark, tagline, badges, the two calls to action and the live reactor readout. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-[radial-gradient(50rem_30rem_at_15%_-10%,color-mix(in_oklab,var(--color-primary)_20%,transparent),transparent),radial-gradient(40rem_26rem_at_95%_20%,color-mix(in_oklab,var(--color-secondary)_16%,transparent),transparent)]" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,color-mix(in_oklab,var(--color-base-content)_6%,transparent)_1px,transparent_1px),linear-gradient(to_bottom,color-mix(in_oklab,var(--color-base-content)_6%,transparent)_1px,transparent_1px)] bg-[size:3.5rem_3.5rem] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]" />
      </div>

      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:px-8 lg:pb-28 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-base-300 bg-base-100/80 py-1.5 pl-1.5 pr-4 text-sm font-semibold shadow-sm backdrop-blur">
            <span className="grid size-7 place-items-center rounded-full bg-primary text-primary-content">
              <AtomIcon className="size-4" />
            </span>
            Atomix Energy
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold leading-[1.05] tracking-tight text-balance sm:text-6xl lg:text-7xl">
            Powering <span className="text-primary">Tomorrow's</span> Energy Solutions
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-base-content/75 text-pretty sm:text-xl">
            We acquire, develop and deploy breakthrough energy prototypes, from fusion cores to grid-scale storage, and partner with the inventors who build
            them.
          </p>

          <ul aria-label="Our strengths" className="mt-8 flex flex-wrap gap-2.5">
            {BADGES.map(({ label, Icon }) => (
              <li
                key={label}
                className="inline-flex items-center gap-2 rounded-full border border-base-300 bg-base-100/80 px-3.5 py-1.5 text-sm font-medium backdrop-blur"
              >
                <Icon className="size-4 text-primary" />
                {label}
              </li>
            ))}
          </ul>

          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/prototype-submission" className="btn btn-primary btn-lg gap-2 shadow-lg shadow-primary/25">
              Submit Prototype
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link to="/about" className="btn btn-outline btn-lg">
              Learn More
            </Link>
          </div>
        </div>

        <div className="relative mx-auto w-full max-w-md lg:max-w-none lg:pb-20 lg:pl-10 lg:pt-14">
          <HydrateWhenVisible component={HeroWidgets} />
        </div>
      </div>
    </section>
  );
}

/** The live readout and the stat cards: below the fold on a phone, so they hydrate when scrolled to. */
function HeroWidgets() {
  return (
    <>
      <ReactorReadout />
      <div className="mt-4 grid grid-cols-2 gap-3 lg:mt-0 lg:block">
        <FloatingStatCards />
      </div>
    </>
  );
}
