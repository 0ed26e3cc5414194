import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { RestProject } from '../types';

export function ProjectList({
  projects,
  selected,
  onSelect,
}: {
  projects: RestProject[];
  selected: string | null;
  onSelect: (projectId: string) => void;
}) {
  if (projects.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No projects yet. Process a model in the IFC Tableau Connector and it appears here.
      </p>
    );
  }
  return (
    <Table aria-label="Projects">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Schema</TableHead>
          <TableHead className="text-right">Elements</TableHead>
          <TableHead>
            <span className="sr-only">Action</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {projects.map((project) => (
          <TableRow
            key={project.projectId}
            data-state={project.projectId === selected ? 'selected' : undefined}
          >
            <TableCell className="font-medium">{project.name}</TableCell>
            <TableCell>{project.status}</TableCell>
            <TableCell>{project.schema ?? '—'}</TableCell>
            <TableCell className="text-right tabular-nums">
              {project.elementCount.toLocaleString('en-US')}
            </TableCell>
            <TableCell className="text-right">
              <Button
                size="sm"
                variant={project.projectId === selected ? 'default' : 'outline'}
                aria-pressed={project.projectId === selected}
                disabled={project.status !== 'ready'}
                onClick={() => onSelect(project.projectId)}
              >
                Browse<span className="sr-only"> {project.name}</span>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
