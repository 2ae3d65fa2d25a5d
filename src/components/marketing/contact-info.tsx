import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from './icons.tsx';

export const OFFICE_HOURS = [
  { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM' },
  { days: 'Sat', hours: '10:00 AM-4:00 PM' },
  { days: 'Sun', hours: 'closed' },
] as const;

const iconBox = 'grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary';

/** How to reach the office: what, its icon, and the address or link. */
const CHANNELS = [
  {
    label: 'Address',
    Icon: MapPinIcon,
    content: (
      <address className="not-italic">
        400 Meridian Plaza, Suite 1200
        <br />
        Boston, MA 02110, USA
      </address>
    ),
  },
  {
    label: 'Email',
    Icon: MailIcon,
    content: (
      <a href="mailto:contact@atomix-energy.com" className="link link-hover font-medium">
        contact@atomix-energy.com
      </a>
    ),
  },
  {
    label: 'Phone',
    Icon: PhoneIcon,
    content: (
      <a href="tel:+16175550142" className="link link-hover font-medium">
        +1 (617) 555-0142
      </a>
    ),
  },
];

/** Address, e-mail, phone and office hours. */
export function ContactInfo() {
  return (
    <div className="rounded-[1.5rem] border border-base-300 bg-base-100/90 p-6 shadow-sm backdrop-blur sm:p-8">
      <h2 className="text-2xl font-bold">Contact Information</h2>
      <ul className="mt-6 space-y-5">
        {CHANNELS.map(({ label, Icon, content }) => (
          <li key={label} className="flex gap-4">
            <span className={iconBox}>
              <Icon className="size-5" />
            </span>
            <div>
              <p className="text-sm font-semibold text-base-content/70">{label}</p>
              {content}
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-8 rounded-box bg-base-200 p-5">
        <h3 className="flex items-center gap-2 font-semibold">
          <ClockIcon className="size-5 text-primary" />
          Office Hours
        </h3>
        <ul className="mt-3 space-y-1.5" data-testid="office-hours">
          {OFFICE_HOURS.map(({ days, hours }) => (
            <li key={days} className="flex justify-between gap-4">
              <span className="font-medium">{days}</span> <span className="tabular-nums text-base-content/80">{hours}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
