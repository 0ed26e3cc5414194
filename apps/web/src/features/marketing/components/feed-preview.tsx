const rows = [
  { type: 'IfcWall', storey: 'Level 01', material: 'Concrete C30/37', area: '42.60' },
  { type: 'IfcDoor', storey: 'Level 01', material: 'Oak veneer', area: '2.10' },
  { type: 'IfcSlab', storey: 'Level 02', material: 'Concrete C30/37', area: '318.25' },
  { type: 'IfcWindow', storey: 'Level 02', material: 'Aluminium', area: '3.24' },
];

/** A static picture of what the feed returns; decorative, so the table is plain, not interactive. */
export function FeedPreview() {
  return (
    <figure className="overflow-hidden rounded-xl border bg-card shadow-lg">
      <div className="border-b bg-muted px-4 py-3 font-mono text-xs break-all text-muted-foreground">
        GET /api/ifc/odata/IFCElements?$top=4&$orderby=Storey
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Sample rows of an IFCElements feed</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                IfcType
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Storey
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                Material
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Area m²
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.type}-${row.storey}`} className="border-t">
                <td className="px-4 py-2 font-mono">{row.type}</td>
                <td className="px-4 py-2 whitespace-nowrap">{row.storey}</td>
                <td className="hidden px-4 py-2 whitespace-nowrap sm:table-cell">{row.material}</td>
                <td className="px-4 py-2 text-right tabular-nums">{row.area}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="border-t px-4 py-3 text-xs text-muted-foreground">
        One row per building element, refreshed in your BI tool like any other data source.
      </figcaption>
    </figure>
  );
}
