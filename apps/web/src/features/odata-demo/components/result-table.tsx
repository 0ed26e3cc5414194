import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { ODataResult } from '../api/run-odata-query';

const show = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

export function ResultTable({ result }: { result: ODataResult }) {
  if (result.rows.length === 0)
    return <p className="text-sm text-muted-foreground">The query matched no rows.</p>;
  return (
    <Table aria-label="Query result">
      <TableCaption>
        {result.rows.length} {result.rows.length === 1 ? 'row' : 'rows'}
        {result.count !== null ? ` of ${result.count}` : ''}
        {result.nextLink ? ' (more pages available through @odata.nextLink)' : ''}
      </TableCaption>
      <TableHeader>
        <TableRow>
          {result.columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {result.rows.map((row, index) => (
          <TableRow key={index}>
            {result.columns.map((column) => (
              <TableCell key={column} className="max-w-xs truncate" title={show(row[column])}>
                {show(row[column])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
