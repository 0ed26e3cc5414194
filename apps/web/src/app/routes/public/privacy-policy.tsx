import { PageMeta } from '@/components/ui/page-meta';
import { LegalPage } from '@/features/legal/components/legal-page';
import { privacyPolicy } from '@/features/legal/content/privacy-policy';

export function PrivacyPolicyRoute() {
  return (
    <>
      <PageMeta
        title="Privacy Policy"
        description="How AEC Con-Tech Data Tools collects, uses and protects your account, project and usage data. Last updated June 2024."
      />
      <LegalPage document={privacyPolicy} />
    </>
  );
}

export default PrivacyPolicyRoute;
