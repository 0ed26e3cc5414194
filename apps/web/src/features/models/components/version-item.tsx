import { AlertTriangle, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { versionFacts } from '../version-facts';
import { ChangesPanel } from './changes-panel';
import { VersionActions } from './version-actions';
import type { VersionProps } from './version-props';

const statusTone: Record<string, string> = {
  ready: 'border-success/40 text-success',
  failed: 'border-destructive/40 text-destructive',
  cancelled: 'text-muted-foreground',
};

/**
 * One version in a model's history: its figures, warnings, the owner's actions and what changed. The latest
 * version's changes are open at once (what a user uploading a revision wants to see); older ones open on demand.
 */
export function VersionItem({ projectId, modelId, modelName, version, isOwner }: VersionProps) {
  // The latest version's changes are always shown (also after a rollback makes an older one latest).
  const [opened, setOpened] = useState(false);
  const open = version.isLatest || opened;
  const panelId = useId();
  const headingId = useId();
  return (
    <li className="grid min-w-0 gap-3 rounded-md border p-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="font-semibold">
          Version {version.number}
        </h4>
        {version.isLatest ? <Badge>Latest</Badge> : null}
        <Badge
          variant="outline"
          className={cn(statusTone[version.status] ?? 'text-amber-700 dark:text-amber-400')}
        >
          {version.status}
        </Badge>
        {!version.retained ? <Badge variant="secondary">Rows removed by retention</Badge> : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[400px]:grid-cols-2 md:grid-cols-4">
        {versionFacts(version).map((fact) => (
          <div key={fact.label} className="flex min-w-0 gap-1.5 md:grid md:gap-0">
            <dt className="shrink-0 text-muted-foreground">{fact.label}:</dt>
            <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {version.error ? (
        <p className="text-sm text-destructive [overflow-wrap:anywhere]">{version.error}</p>
      ) : null}
      {version.warnings.length > 0 ? (
        <ul className="grid gap-1" aria-label={`Warnings of version ${version.number}`}>
          {version.warnings.map((warning) => (
            <li key={warning} className="flex gap-2 text-sm text-amber-800 dark:text-amber-300">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="[overflow-wrap:anywhere]">{warning}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        {version.isLatest ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpened((value) => !value)}
          >
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
            {open ? 'Hide changes' : 'Show changes'}
            <span className="sr-only"> of version {version.number}</span>
          </Button>
        )}
        <VersionActions
          projectId={projectId}
          modelId={modelId}
          modelName={modelName}
          version={version}
          isOwner={isOwner}
        />
      </div>
      <div id={panelId} hidden={!open}>
        {open ? <ChangesPanel versionNumber={version.number} changes={version.changes} /> : null}
      </div>
    </li>
  );
}
