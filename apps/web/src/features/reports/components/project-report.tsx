import type { ProjectSummary } from '@aec/contracts';
import type { ReactNode } from 'react';

/** The summary fields the report prints. */
export type ReportProject = Pick<
  ProjectSummary,
  | 'projectId'
  | 'name'
  | 'fileName'
  | 'status'
  | 'schema'
  | 'fileSize'
  | 'elementCount'
  | 'propertyCount'
  | 'spatialCount'
  | 'countsByType'
  | 'countsByStorey'
  | 'createdAt'
  | 'processedAt'
>;

const integer = new Intl.NumberFormat('en-US');
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

function CountTable({
  caption,
  counts,
  head,
}: {
  caption: string;
  counts: Record<string, number>;
  head: string;
}) {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  return (
    <table className="w-full break-inside-avoid text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-xs uppercase text-muted-foreground">
          <th className="py-1.5 font-medium">{head}</th>
          <th className="py-1.5 text-right font-medium">Elements</th>
          <th className="py-1.5 text-right font-medium">Share</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, n]) => (
          <tr key={name} className="border-b last:border-0">
            <td className="py-1.5 [overflow-wrap:anywhere]">{name}</td>
            <td className="py-1.5 text-right tabular-nums">{integer.format(n)}</td>
            <td className="py-1.5 text-right tabular-nums">
              {total ? `${((n / total) * 100).toFixed(1)}%` : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A one-project summary laid out for paper: the app chrome is hidden when printing. */
export function ProjectReport({
  project,
  feedUrl,
  generatedAt,
}: {
  project: ReportProject;
  feedUrl: string;
  generatedAt: Date;
}) {
  return (
    <article
      className="grid gap-6 rounded-lg border bg-card p-6 print:border-0 print:p-0"
      aria-label="Project report"
    >
      <header className="grid gap-1 border-b pb-4">
        <p className="text-xs uppercase tracking-wide text-muted-foreground">
          AEC Con-Tech Data Tools · Project summary
        </p>
        <h2 className="text-2xl font-bold [overflow-wrap:anywhere]">{project.name}</h2>
        <p className="text-sm text-muted-foreground">Generated {dateTime.format(generatedAt)}</p>
      </header>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Fact label="File">{project.fileName}</Fact>
        <Fact label="Schema">{project.schema ?? '—'}</Fact>
        <Fact label="Status">{project.status}</Fact>
        <Fact label="File size">{`${(project.fileSize / 1024 / 1024).toFixed(2)} MB`}</Fact>
        <Fact label="Elements">{integer.format(project.elementCount)}</Fact>
        <Fact label="Properties">{integer.format(project.propertyCount)}</Fact>
        <Fact label="Spatial structure entries">{integer.format(project.spatialCount)}</Fact>
        <Fact label="Storeys">{integer.format(Object.keys(project.countsByStorey).length)}</Fact>
        <Fact label="Uploaded">{when(project.createdAt)}</Fact>
        <Fact label="Processed">{when(project.processedAt)}</Fact>
      </dl>
      <div className="grid items-start gap-6 md:grid-cols-2 print:grid-cols-2">
        <CountTable caption="Elements by IFC type" head="IFC type" counts={project.countsByType} />
        <CountTable caption="Elements by storey" head="Storey" counts={project.countsByStorey} />
      </div>
      <footer className="grid gap-1 border-t pt-4 text-sm">
        <p className="font-semibold">OData feed</p>
        <code className="break-all text-xs">{feedUrl}</code>
      </footer>
    </article>
  );
}
