import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** What a page over projects shows before the first upload. */
export function NoProjects({ connectorUrl }: { connectorUrl: string }) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 py-10 text-center">
        <FolderOpen aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No projects yet</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Upload an IFC model with the connector; it appears here once the server has accepted it.
        </p>
        <Button asChild>
          <Link to={connectorUrl}>Upload an IFC file</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
