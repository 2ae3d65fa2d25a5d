import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, LightbulbIcon, TrendUpIcon } from './icons.tsx';

/** Closing calls to action: inventors, investors, live projects and the technology timeline. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <div className="relative overflow-hidden rounded-[2rem] bg-[oklch(22%_0.05_255)] px-6 py-14 text-[oklch(96%_0.01_240)] shadow-2xl sm:px-12 lg:px-16 lg:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(36rem_20rem_at_0%_0%,oklch(60%_0.16_240/0.45),transparent),radial-gradient(30rem_20rem_at_100%_100%,oklch(62%_0.13_165/0.35),transparent)]"
        />
        <div className="relative">
          <h2 id="cta-title" className="max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Ready to Shape the Future of Energy?
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-white/80">
            Whether you built it or want to back it, there is a place for you in the next generation of clean power.
          </p>

          <div className="mt-10 grid gap-5 md:grid-cols-2">
            <div className="rounded-box border border-white/15 bg-white/5 p-6 backdrop-blur">
              <LightbulbIcon className="size-7 text-[oklch(85%_0.14_80)]" />
              <h3 className="mt-4 text-xl font-semibold">For Inventors</h3>
              <p className="mt-2 text-white/80">Submit your prototype for a confidential review and a fair offer from our evaluation team.</p>
              <Link
                to="/prototype-submission"
                className="mt-5 inline-flex items-center gap-1.5 font-semibold text-[oklch(84%_0.12_220)] underline-offset-4 hover:underline"
              >
                Submit Your Prototype
                <ArrowRightIcon className="size-4" />
              </Link>
            </div>
            <div className="rounded-box border border-white/15 bg-white/5 p-6 backdrop-blur">
              <TrendUpIcon className="size-7 text-[oklch(82%_0.14_165)]" />
              <h3 className="mt-4 text-xl font-semibold">For Investors</h3>
              <p className="mt-2 text-white/80">Join a portfolio of vetted clean-energy technologies with a clear path to market.</p>
              <Link to="/contact" className="btn mt-5 border-0 bg-white text-[oklch(22%_0.05_255)] hover:bg-white/90">
                Explore Opportunities
              </Link>
            </div>
          </div>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/prototype-tracker" className="btn btn-outline border-white/40 text-white hover:border-white hover:bg-white/10">
              View Live Projects
            </Link>
            <Link to="/technology" className="btn btn-outline border-white/40 text-white hover:border-white hover:bg-white/10">
              Technology Timeline
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
