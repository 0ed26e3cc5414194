import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

export function SessionErrorCard({ message, onLogin }: { message: string; onLogin: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
      </CardHeader>
      <CardContent>
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      </CardContent>
      <CardFooter>
        <Button onClick={onLogin}>Log In</Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>Go Home</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
