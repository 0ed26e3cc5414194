import { PageMeta } from '@/components/ui/page-meta';
import { FaqAccordion } from '@/features/faq/components/faq-accordion';
import { FaqContact } from '@/features/faq/components/faq-contact';
import { PageIntro } from '@/features/marketing/components/page-intro';

export function FaqRoute() {
  return (
    <>
      <PageMeta
        title="FAQ"
        description="Answers about IFC uploads, OData feeds for Tableau, Power BI and Excel, privacy, COBie, trials, billing and self-hosting."
      />
      <PageIntro eyebrow="FAQ" title="Frequently asked questions">
        <p>
          Everything about turning IFC models into BI-ready feeds. Can&apos;t find an answer? Write to us.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-3xl gap-16 px-4 py-12 sm:py-16">
        <FaqAccordion />
        <FaqContact />
      </div>
    </>
  );
}

export default FaqRoute;
