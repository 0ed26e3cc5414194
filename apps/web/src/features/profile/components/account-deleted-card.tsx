import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

export function AccountDeletedCard() {
  return (
    <Card role="status">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-5 text-success" />
          Account deleted
        </CardTitle>
        <CardDescription>
          Your account and its data have been removed. You have been logged out.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to={paths.home}>Go Home</Link>
        </Button>
        <Button asChild>
          <Link to={paths.signup}>Sign Up</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
