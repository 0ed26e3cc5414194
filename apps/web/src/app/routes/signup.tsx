import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { SignupForm } from '@/features/auth/components/signup-form';
import { AuthPage } from './auth-page';

export function SignupRoute() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  return (
    <AuthPage title="Sign Up" description="Create an account to upload IFC models and publish OData feeds.">
      <SignupForm onSuccess={() => void navigate(paths.dashboard, { replace: true })} />
    </AuthPage>
  );
}

export default SignupRoute;
