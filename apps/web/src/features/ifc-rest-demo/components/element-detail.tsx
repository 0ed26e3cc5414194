import { QueryState } from '@/components/ui/query-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useElementDetail } from '../api/get-element-detail';
import type { ElementRow } from '../types';

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);

export function ElementDetail({ projectId, row }: { projectId: string; row: ElementRow }) {
  const query = useElementDetail(projectId, row.Id, row.ExpressId);
  return (
    <section aria-labelledby="element-detail-heading" className="grid grid-cols-1 gap-4">
      <h3 id="element-detail-heading" className="text-lg font-semibold">
        {row.IfcType} {row.Name ?? row.GlobalId}
      </h3>
      <QueryState query={query} loadingLabel="Loading element...">
        {({ element, properties }) => (
          <>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              {Object.entries(element)
                .filter(([key, value]) => !key.startsWith('@') && shown(value) !== null)
                .map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-muted-foreground">{key}</dt>
                    <dd className="break-all">{shown(value)}</dd>
                  </div>
                ))}
            </dl>
            <h4 className="font-semibold">Properties ({properties.length})</h4>
            {properties.length === 0 ? (
              <p className="text-sm text-muted-foreground">This element has no property sets.</p>
            ) : (
              <Table aria-label="Element properties">
                <TableHeader>
                  <TableRow>
                    <TableHead>Set</TableHead>
                    <TableHead>Property</TableHead>
                    <TableHead>Value</TableHead>
                    <TableHead>Unit</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {properties.map((property) => (
                    <TableRow key={property.Id}>
                      <TableCell>{property.SetName}</TableCell>
                      <TableCell>{property.PropertyName}</TableCell>
                      <TableCell>{property.Value ?? '—'}</TableCell>
                      <TableCell>{property.Unit ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
