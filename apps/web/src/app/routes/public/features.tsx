import { ifcVersionList } from '@aec/contracts';
import { PageMeta } from '@/components/ui/page-meta';
import { ClosingCta } from '@/features/marketing/components/closing-cta';
import { FeatureGrid } from '@/features/marketing/components/feature-grid';
import { BiToolTable, CapabilityList, HowItWorks } from '@/features/marketing/components/features-overview';
import { PageIntro } from '@/features/marketing/components/page-intro';

export function FeaturesRoute() {
  return (
    <>
      <PageMeta
        title="Features"
        description={`Upload ${ifcVersionList('or')} models and query every element over OData v4: $filter, $select, paging and $metadata for Tableau, Power BI and Excel.`}
      />
      <PageIntro eyebrow="Features" title="From IFC model to BI-ready data">
        <p>
          Everything you need to get building-model data into Tableau, Power BI and Excel, built on IFC, COBie
          and OData standards.
        </p>
      </PageIntro>
      <HowItWorks />
      <CapabilityList />
      <BiToolTable />
      <FeatureGrid />
      <ClosingCta />
    </>
  );
}

export default FeaturesRoute;
