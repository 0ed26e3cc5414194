import { PageMeta } from '@/components/ui/page-meta';
import { BlogList } from '@/features/blog/components/blog-list';
import { PageIntro } from '@/features/marketing/components/page-intro';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';

export function BlogRoute() {
  return (
    <>
      <PageMeta
        title="Blog"
        description="Articles on IFC, COBie, OData and BI workflows for architecture, engineering and construction teams."
      />
      <PageIntro eyebrow="Blog" title="Notes from the model to the dashboard">
        <p>Guides and insights on IFC, OData and business intelligence for AEC teams.</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-16 px-4 py-12 sm:py-16">
        <BlogList />
        <NewsletterForm />
      </div>
    </>
  );
}

export default BlogRoute;
