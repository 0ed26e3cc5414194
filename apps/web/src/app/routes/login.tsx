import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnPath } from '@/features/auth/utils/return-path';
import { AuthPage } from './auth-page';

export function LoginRoute() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthPage title="Login" description="Sign in to your account with your username and password.">
      <LoginForm
        onSuccess={() => void navigate(returnPath(location.state, paths.dashboard), { replace: true })}
      />
    </AuthPage>
  );
}

export default LoginRoute;
