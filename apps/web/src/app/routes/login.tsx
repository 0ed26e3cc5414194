import { useLocation, useNavigate, type Location } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthPage } from './auth-page';

/** Where a guard sent the user from; only in-app paths, never another origin. */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//'))
    return paths.dashboard;
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}

export function LoginRoute() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthPage title="Login" description="Sign in to your account with your username and password.">
      <LoginForm onSuccess={() => void navigate(returnPath(location.state), { replace: true })} />
    </AuthPage>
  );
}

export default LoginRoute;
