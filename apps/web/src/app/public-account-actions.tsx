import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * Login + Sign Up for visitors, Dashboard + Logout for signed-in users (user and token both
 * present, spec §6). `onDone` lets the mobile menu close itself after a choice.
 */
export function PublicAccountActions({
  onDone,
  stacked = false,
}: {
  onDone?: () => void;
  stacked?: boolean;
}) {
  const { user, token, loading, logout } = useAuth();
  const navigate = useNavigate();
  const size = stacked ? 'default' : 'sm';
  const width = stacked ? 'w-full' : undefined;
  // A stored token is being checked: show neither pair yet rather than flash Login at a signed-in user.
  if (!user && token && loading) return null;
  if (user && token) {
    return (
      <>
        <Button asChild variant="ghost" size={size} className={width}>
          <Link to={paths.dashboard} onClick={onDone}>
            Dashboard
          </Link>
        </Button>
        <Button
          variant="outline"
          size={size}
          className={width}
          onClick={() => {
            logout();
            onDone?.();
            void navigate(paths.home);
          }}
        >
          Logout
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size={size} className={width}>
        <Link to={paths.login} onClick={onDone}>
          Login
        </Link>
      </Button>
      <Button asChild size={size} className={width}>
        <Link to={paths.signup} onClick={onDone}>
          Sign Up
        </Link>
      </Button>
    </>
  );
}
