import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AuthPage } from './auth-page';

export function SignupRoute() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  const { user, token } = useAuth();
  // A signed-in user (including one this form just created and logged in) belongs on the dashboard.
  if (user && token) return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthPage title="Sign Up" description="Create an account to upload IFC models and publish OData feeds.">
      <SignupForm onSuccess={() => void navigate(paths.dashboard, { replace: true })} />
    </AuthPage>
  );
}

export default SignupRoute;
