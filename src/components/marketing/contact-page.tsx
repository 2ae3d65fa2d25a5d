import { ContactForm } from './contact-form.tsx';
import { ContactInfo } from './contact-info.tsx';
import { MapPlaceholder } from './map-placeholder.tsx';
import { MarketingPage } from './marketing-page.tsx';
import { PageIntro } from './page-intro.tsx';

export function ContactPage() {
  return (
    <MarketingPage>
      <PageIntro eyebrow="Contact" title="Get In Touch">
        Questions about submitting a prototype, partnering with us or investing? Our team answers every message.
      </PageIntro>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[1.4fr_1fr] lg:gap-10 lg:px-8 lg:py-20">
        <section aria-labelledby="contact-form-title" className="rounded-[1.5rem] border border-base-300 bg-base-100/90 p-6 shadow-sm backdrop-blur sm:p-8">
          <h2 id="contact-form-title" className="text-2xl font-bold">
            Send Us a Message
          </h2>
          <p className="mt-2 text-base-content/75">All fields are required.</p>
          <div className="mt-6">
            <ContactForm />
          </div>
        </section>
        <div className="space-y-8">
          <ContactInfo />
          <MapPlaceholder />
        </div>
      </div>
    </MarketingPage>
  );
}
