const DEMO_FEED = '/api/ifc/odata/projects/demo_project_permanent/';
const request = 'GET /api/ifc/odata/IFCElements?$select=IfcType,Storey,Material,NetArea&$top=2';

// A real-shaped OData answer as plain text: cheaper on the landing bundle than a rendered table.
const response = `{
  "@odata.context": "$metadata#IFCElements",
  "value": [
    {
      "IfcType": "IfcWall",
      "Storey": "Level 01",
      "Material": "Concrete C30/37",
      "NetArea": 42.6
    },
    {
      "IfcType": "IfcDoor",
      "Storey": "Level 01",
      "Material": "Oak veneer",
      "NetArea": 2.1
    }
  ],
  "@odata.nextLink": "IFCElements?$skiptoken=…"
}`;

/** What a BI tool receives from the feed: one JSON object per building element, paged. */
export function FeedPreview() {
  return (
    <figure className="overflow-hidden rounded-xl border bg-card shadow-lg">
      <div className="border-b bg-muted px-4 py-3 font-mono text-xs break-all text-muted-foreground">
        {request}
      </div>
      <pre
        tabIndex={0}
        aria-label="Sample OData response"
        className="overflow-x-auto p-4 font-mono text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
      >
        {response}
      </pre>
      <figcaption className="border-t px-4 py-3 text-xs text-muted-foreground">
        One row per building element, refreshed in your BI tool like any other data source. Try it without an
        account: <span className="break-all font-mono">{`${window.location.origin}${DEMO_FEED}`}</span>
      </figcaption>
    </figure>
  );
}
