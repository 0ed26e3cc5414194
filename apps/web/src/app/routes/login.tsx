import { Info } from 'lucide-react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { usePageTitle } from '@/lib/use-page-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isSessionExpired, SESSION_EXPIRED_MESSAGE } from '@/features/auth/session-messages';
import { returnPath } from '@/features/auth/utils/return-path';
import { AuthPage } from './auth-page';

export function LoginRoute() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const { user, token, error } = useAuth();
  const destination = returnPath(location.state, paths.dashboard);
  // Someone already signed in has nothing to do here: send them on (spec §6, user and token both present).
  if (user && token) return <Navigate to={destination} replace />;
  return (
    <AuthPage title="Login" description="Sign in to your account with your username and password.">
      <div className="grid gap-4">
        {isSessionExpired(error) ? (
          <Alert>
            <Info aria-hidden="true" />
            <AlertDescription>{SESSION_EXPIRED_MESSAGE}</AlertDescription>
          </Alert>
        ) : null}
        <LoginForm onSuccess={() => void navigate(destination, { replace: true })} />
      </div>
    </AuthPage>
  );
}

export default LoginRoute;
