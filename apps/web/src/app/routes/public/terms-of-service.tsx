import { PageMeta } from '@/components/ui/page-meta';
import { LegalPage } from '@/features/legal/components/legal-page';
import { termsOfService } from '@/features/legal/content/terms-of-service';

export function TermsOfServiceRoute() {
  return (
    <>
      <PageMeta
        title="Terms of Service"
        description="The terms for using AEC Con-Tech Data Tools: eligibility (18 or older), your content, acceptable use, trials and billing."
      />
      <LegalPage document={termsOfService} />
    </>
  );
}

export default TermsOfServiceRoute;
