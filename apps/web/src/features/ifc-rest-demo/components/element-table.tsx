import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useElementsPage } from '../api/get-elements-page';
import { PAGE_SIZE, type ElementRow } from '../types';

type Props = {
  projectId: string;
  page: number;
  selectedId: string | null;
  onPage: (page: number) => void;
  onSelect: (row: ElementRow) => void;
};

export function ElementTable({ projectId, page, selectedId, onPage, onSelect }: Props) {
  const query = useElementsPage(projectId, page);
  return (
    <QueryState query={query} loadingLabel="Loading elements...">
      {({ rows, total }) => {
        const pages = total !== null ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : null;
        const first = page * PAGE_SIZE + (rows.length ? 1 : 0);
        return (
          <div className="grid grid-cols-1 gap-3">
            <Table aria-label="Elements">
              <TableHeader>
                <TableRow>
                  <TableHead>Express Id</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Storey</TableHead>
                  <TableHead>Material</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.Id} data-state={row.Id === selectedId ? 'selected' : undefined}>
                    <TableCell className="tabular-nums">{row.ExpressId}</TableCell>
                    <TableCell>{row.IfcType}</TableCell>
                    <TableCell>
                      <button
                        type="button"
                        className="text-left text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        onClick={() => onSelect(row)}
                      >
                        {row.Name || row.GlobalId}
                      </button>
                    </TableCell>
                    <TableCell>{row.Storey ?? '—'}</TableCell>
                    <TableCell>{row.Material ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p aria-live="polite" data-testid="element-range">
                {rows.length === 0
                  ? 'No elements'
                  : `Elements ${first}–${first + rows.length - 1}${total !== null ? ` of ${total}` : ''}`}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page === 0 || query.isFetching}
                  onClick={() => onPage(page - 1)}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={
                    query.isFetching || (pages !== null ? page + 1 >= pages : rows.length < PAGE_SIZE)
                  }
                  onClick={() => onPage(page + 1)}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}
