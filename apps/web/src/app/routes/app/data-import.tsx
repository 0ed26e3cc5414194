import { ifcVersionList } from '@aec/contracts';
import { ArrowRight, FileUp, ListChecks, ServerCog } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { appPaths } from '@/config/app-paths';
import { useProjects } from '@/lib/api/projects';
import { StatusBadge } from '@/features/projects/components/status-badge';
import { formatFileSize } from '@aec/contracts';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { useUploadLimitWords } from '@/lib/api/upload-limits';

const factsFor = (limitWords: string) => [
  {
    icon: FileUp,
    title: 'What you can import',
    text: `IFC files (.ifc, STEP text) in the ${ifcVersionList('and')} schemas, up to ${limitWords} per file.`,
  },
  {
    icon: ServerCog,
    title: 'What the server does',
    text: 'A background worker parses the model and stores every building element with its storey, material, property sets and quantities. Progress is reported live while it runs.',
  },
  {
    icon: ListChecks,
    title: 'What you get',
    text: 'An OData v4.0 feed per project (IFCElements, properties and spatial structure), a CSV export, and the figures on your dashboard and analytics pages.',
  },
];

export function DataImportRoute() {
  usePageTitle('Import Data');
  const projects = useProjects();
  const facts = factsFor(useUploadLimitWords());
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Import Data"
        description="Bring building models into the platform. Uploads run through the IFC Tableau Connector."
        actions={
          <Button asChild>
            <Link to={appPaths.connector}>
              Open the IFC connector
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 md:grid-cols-3">
        {facts.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {title}
              </CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Your latest imports</CardTitle>
          <CardDescription>The five most recent uploads and where they stand.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState query={projects} loadingLabel="Loading imports...">
            {(list) =>
              list.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing imported yet.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {[...list]
                    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
                    .slice(0, 5)
                    .map((project) => (
                      <li key={project.projectId} className="flex flex-wrap items-center gap-3 py-2">
                        <span className="min-w-0 flex-1 truncate font-medium">{project.fileName}</span>
                        <span className="text-muted-foreground">{formatFileSize(project.fileSize)}</span>
                        <span className="text-muted-foreground">{formatDateTime(project.createdAt)}</span>
                        <StatusBadge status={project.status} />
                      </li>
                    ))}
                </ul>
              )
            }
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

export default DataImportRoute;
