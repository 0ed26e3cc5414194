import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useProjects } from '@/lib/api/projects';
import type { ElementRow } from '../types';
import { ElementDetail } from './element-detail';
import { ElementTable } from './element-table';
import { ProjectList } from './project-list';

/** Projects → paged elements → one element with its properties, each read from the live API. */
export function RestDemo() {
  const projects = useProjects();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [element, setElement] = useState<ElementRow | null>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Projects</CardTitle>
          <CardDescription>
            <code>GET /api/ifc/projects</code>: your processed models.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState query={projects} loadingLabel="Loading projects...">
            {(list) => (
              <ProjectList
                projects={list}
                selected={projectId}
                onSelect={(id) => {
                  setProjectId(id);
                  setPage(0);
                  setElement(null);
                }}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
      {projectId ? (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Elements</CardTitle>
              <CardDescription className="break-all">
                <code>
                  GET /api/ifc/odata/projects/{projectId}/IFCElements?$top=50&amp;$skip={page * 50}
                </code>
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ElementTable
                projectId={projectId}
                page={page}
                selectedId={element?.Id ?? null}
                onPage={setPage}
                onSelect={setElement}
              />
            </CardContent>
          </Card>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Element detail</CardTitle>
              <CardDescription>The element by key, plus its rows of IFCProperties.</CardDescription>
            </CardHeader>
            <CardContent>
              {element ? (
                <ElementDetail projectId={projectId} row={element} />
              ) : (
                <p className="text-sm text-muted-foreground">Choose an element name to see its details.</p>
              )}
            </CardContent>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
