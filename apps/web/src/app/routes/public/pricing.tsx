import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MailLink } from '@/components/ui/mail-link';
import { PageMeta } from '@/components/ui/page-meta';
import { PageIntro } from '@/features/marketing/components/page-intro';
import { PricingPlans } from '@/features/pricing/components/pricing-plans';

export function PricingRoute() {
  return (
    <>
      <PageMeta
        title="Pricing"
        description="Essential $299/month, Professional $899/month, Enterprise custom. Save 20% with annual billing; every plan starts with a 30-day free trial."
      />
      <PageIntro eyebrow="Pricing" title="Plans that grow with your projects">
        <p>Every plan starts with a 30-day free trial. No credit card required.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <PricingPlans />
        <p className="mt-12 text-center text-sm text-muted-foreground">
          Questions about plans or invoices? Read the{' '}
          <Link
            to={paths.faq}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            FAQ
          </Link>{' '}
          or email <MailLink team="sales" />.
        </p>
      </div>
    </>
  );
}

export default PricingRoute;
