import { MapPinIcon } from './icons.tsx';

/** Stand-in for the office map (spec: "Interactive Map Coming Soon"); no external map host. */
export function MapPlaceholder() {
  return (
    <div className="relative grid h-64 place-items-center overflow-hidden rounded-[1.5rem] border border-base-300 bg-base-200">
      <svg aria-hidden="true" className="absolute inset-0 size-full text-base-content/10" preserveAspectRatio="xMidYMid slice" viewBox="0 0 400 240">
        <g fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M0 60h400M0 130h400M0 200h400M70 0v240M170 0v240M260 0v240M340 0v240" />
          <path d="M0 230 120 150l90 20 80-90 110-40" strokeWidth="6" className="text-primary/20" stroke="currentColor" />
        </g>
      </svg>
      <div className="relative flex flex-col items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-primary text-primary-content shadow-lg shadow-primary/30">
          <MapPinIcon className="size-7" />
        </span>
        <p className="rounded-full bg-base-100/90 px-4 py-1.5 font-semibold shadow-sm">Interactive Map Coming Soon</p>
      </div>
    </div>
  );
}
