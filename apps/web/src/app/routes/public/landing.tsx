import { PageMeta } from '@/components/ui/page-meta';
import { ClosingCta } from '@/features/marketing/components/closing-cta';
import { FeatureGrid } from '@/features/marketing/components/feature-grid';
import { Hero } from '@/features/marketing/components/hero';
import { LandingFaq } from '@/features/marketing/components/landing-faq';
import { LandingTiers } from '@/features/marketing/components/landing-tiers';
import { Testimonials } from '@/features/marketing/components/testimonials';

/** Spec §2 Landing page, sections in the spec's order. Not lazy: it is the first paint of `/`. */
export function LandingRoute() {
  return (
    <>
      <PageMeta description="Turn IFC building models into live OData v4 feeds for Tableau, Power BI and Excel. Built for AEC teams: 30-day free trial, no credit card required." />
      <Hero />
      <FeatureGrid />
      <Testimonials />
      <LandingTiers />
      <LandingFaq />
      <ClosingCta />
    </>
  );
}
