import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatInteger } from '@/lib/format';
import type { BreakdownRow } from '../change-view';

/** One breakdown of a version's changes (by IFC type or by storey), most changed first. */
export function ChangesTable({
  caption,
  nameHeader,
  rows,
}: {
  caption: string;
  nameHeader: string;
  rows: BreakdownRow[];
}) {
  if (rows.length === 0) return null;
  return (
    // Tight cells and a name column that wraps: the four columns fit a 320 px phone without scrolling sideways.
    <Table className="text-xs sm:text-sm">
      <TableCaption className="mt-0 mb-2 text-left font-medium text-foreground [caption-side:top]">
        {caption}
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="px-2">{nameHeader}</TableHead>
          <TableHead className="px-2 text-right">Added</TableHead>
          <TableHead className="px-2 text-right">Removed</TableHead>
          <TableHead className="px-2 text-right">Modified</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell className="min-w-28 px-2 whitespace-normal [overflow-wrap:anywhere]">
              {row.name}
            </TableCell>
            <TableCell className="px-2 text-right tabular-nums">{formatInteger(row.added)}</TableCell>
            <TableCell className="px-2 text-right tabular-nums">{formatInteger(row.removed)}</TableCell>
            <TableCell className="px-2 text-right tabular-nums">{formatInteger(row.modified)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
