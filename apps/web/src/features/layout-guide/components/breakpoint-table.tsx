import { useSyncExternalStore } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { activeBreakpoint, BREAKPOINTS } from '../breakpoints';

function useViewportWidth(): number {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.innerWidth,
  );
}

export function BreakpointTable() {
  const width = useViewportWidth();
  const active = activeBreakpoint(width);
  return (
    <Card role="region" aria-label="Breakpoints">
      <CardHeader>
        <CardTitle className="text-lg">Breakpoints</CardTitle>
        <CardDescription>
          This window is <strong data-testid="viewport-width">{width}px</strong> wide: breakpoint{' '}
          <strong data-testid="active-breakpoint">{active}</strong>. Resize it to watch the row change.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <thead className="text-left text-xs uppercase text-muted-foreground">
            <tr>
              <th className="py-2 font-medium">Name</th>
              <th className="py-2 font-medium">Min width</th>
              <th className="py-2 font-medium">Used for</th>
            </tr>
          </thead>
          <tbody>
            {BREAKPOINTS.map((bp) => (
              <tr
                key={bp.name}
                className={cn('border-t', bp.name === active && 'bg-accent font-medium')}
                aria-current={bp.name === active ? 'true' : undefined}
              >
                <td className="py-2 font-mono">{bp.name}</td>
                <td className="py-2 tabular-nums">{bp.px}px</td>
                <td className="py-2">{bp.use}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div
          className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
          aria-hidden="true"
        >
          {Array.from({ length: 6 }, (_, index) => (
            <div
              key={index}
              className="rounded-md border border-dashed bg-muted/50 p-3 text-center text-xs text-muted-foreground"
            >
              Column {index + 1}
            </div>
          ))}
        </div>
        <p className="mt-2 text-xs text-muted-foreground">
          The grid above has 1, 2, 3, 4 and 6 columns at base, sm, md, lg and xl.
        </p>
      </CardContent>
    </Card>
  );
}
