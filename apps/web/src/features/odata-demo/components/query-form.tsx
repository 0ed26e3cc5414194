import { Play } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ProjectSummary } from '@aec/contracts';
import { ENTITY_SETS, EXAMPLES, type EntitySet, type ODataQuery } from '../query-url';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

type Props = {
  query: ODataQuery;
  projects: ProjectSummary[];
  topError: string | null;
  running: boolean;
  onChange: (query: ODataQuery) => void;
  onRun: () => void;
};

export function QueryForm({ query, projects, topError, running, onChange, onRun }: Props) {
  const set = (patch: Partial<ODataQuery>) => onChange({ ...query, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun();
  };
  return (
    <form aria-label="OData query" onSubmit={submit} className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="odata-entity-set">Entity set</Label>
        <select
          id="odata-entity-set"
          className={selectClass}
          value={query.entitySet}
          onChange={(event) => {
            const entitySet = event.target.value as EntitySet;
            set({ entitySet, ...EXAMPLES[entitySet] });
          }}
        >
          {ENTITY_SETS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="odata-project">Feed</Label>
        <select
          id="odata-project"
          className={selectClass}
          value={query.projectId}
          onChange={(event) => set({ projectId: event.target.value })}
        >
          <option value="">All my projects (/api/ifc/odata)</option>
          {projects.map((project) => (
            <option key={project.projectId} value={project.projectId}>
              {project.name} ({project.elementCount} elements)
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-1 gap-1.5 md:col-span-2">
        <Label htmlFor="odata-filter">$filter</Label>
        <Input
          id="odata-filter"
          value={query.filter}
          placeholder="IfcType eq 'IfcDoor'"
          onChange={(e) => set({ filter: e.target.value })}
        />
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="odata-select">$select</Label>
        <Input
          id="odata-select"
          value={query.select}
          placeholder="Name,IfcType"
          onChange={(e) => set({ select: e.target.value })}
        />
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="odata-orderby">$orderby</Label>
        <Input
          id="odata-orderby"
          value={query.orderby}
          placeholder="Name desc"
          onChange={(e) => set({ orderby: e.target.value })}
        />
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="odata-top">$top</Label>
        <Input
          id="odata-top"
          inputMode="numeric"
          value={query.top}
          aria-invalid={topError ? true : undefined}
          aria-describedby={topError ? 'odata-top-error' : undefined}
          onChange={(e) => set({ top: e.target.value })}
        />
        {topError ? (
          <p id="odata-top-error" className="text-sm text-destructive">
            {topError}
          </p>
        ) : null}
      </div>
      <div className="flex items-end">
        <Button type="submit" disabled={running} className="w-full md:w-auto">
          <Play aria-hidden="true" />
          {running ? 'Running...' : 'Run query'}
        </Button>
      </div>
    </form>
  );
}
