import { PageMeta } from '@/components/ui/page-meta';
import { MailLink } from '@/components/ui/mail-link';
import { AboutStory } from '@/features/marketing/components/about-story';
import { ClosingCta } from '@/features/marketing/components/closing-cta';
import { PageIntro } from '@/features/marketing/components/page-intro';

export function AboutRoute() {
  return (
    <>
      <PageMeta
        title="About"
        description="Who builds AEC Con-Tech Data Tools and why: connecting IFC building models to the BI tools architecture, engineering and construction teams already use."
      />
      <PageIntro eyebrow="About us" title="Data tools for the people who build">
        <p>We help architecture, engineering and construction teams use the data already in their models.</p>
      </PageIntro>
      <AboutStory />
      <section aria-labelledby="contact-title" className="mx-auto max-w-3xl px-4 pb-16 text-center">
        <h2 id="contact-title" className="text-2xl font-semibold tracking-tight">
          Get in touch
        </h2>
        <p className="mt-3 text-muted-foreground">
          Sales and partnerships: <MailLink team="sales" />. Help with your account or a feed:{' '}
          <MailLink team="support" />.
        </p>
      </section>
      <ClosingCta />
    </>
  );
}

export default AboutRoute;
