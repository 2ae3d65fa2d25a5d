import { Link } from '@tanstack/react-router';

export function AtomMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <circle cx="32" cy="32" r="6" className="fill-primary" />
      <g fill="none" className="stroke-primary" strokeWidth="3">
        <ellipse cx="32" cy="32" rx="26" ry="10" />
        <ellipse cx="32" cy="32" rx="26" ry="10" transform="rotate(60 32 32)" />
        <ellipse cx="32" cy="32" rx="26" ry="10" transform="rotate(120 32 32)" />
      </g>
    </svg>
  );
}

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 whitespace-nowrap text-base font-bold tracking-tight sm:text-lg" aria-label="Atomix Energy home">
      <AtomMark />
      <span>
        Atomix <span className="text-primary">Energy</span>
      </span>
    </Link>
  );
}
