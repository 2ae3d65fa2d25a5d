import { FusionCanvas } from './fusion-canvas.tsx';
import { SectionHeading } from './section-heading.tsx';

/** The science behind the portfolio, with the "Atomic Fusion Process" animation. */
export function FusionSection() {
  return (
    <section aria-labelledby="fusion-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8 lg:pb-28">
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading id="fusion-title" eyebrow="The Science" title="Where Atoms Meet" align="start">
            When two light nuclei overcome their mutual repulsion and fuse, a small amount of mass becomes a large amount of energy. Our fusion partners are
            engineering that moment into steady, carbon-free power.
          </SectionHeading>
          <ul className="mt-6 space-y-2 text-base-content/80">
            <li className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
              No long-lived high-level waste and no risk of a runaway reaction.
            </li>
            <li className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
              Fuel drawn from seawater and lithium, abundant for millions of years.
            </li>
          </ul>
        </div>
        <FusionCanvas />
      </div>
    </section>
  );
}
