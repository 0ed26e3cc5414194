export type PostBlock =
  | { type: 'p'; text: string }
  | { type: 'h2'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'code'; text: string };

/** Article bodies by slug; only the article page imports this file. */
export const postBodies: Record<string, PostBlock[]> = {
  'from-ifc-to-power-bi-in-ten-minutes': [
    {
      type: 'p',
      text: 'Most BIM-to-BI workflows still start with someone exporting a schedule from the authoring tool, cleaning it in Excel and emailing it on. By the time the report is built, the model has moved on. This walkthrough replaces that loop with a feed Power BI refreshes on its own.',
    },
    { type: 'h2', text: '1. Export the IFC file' },
    {
      type: 'p',
      text: 'From Revit, ArchiCAD or Tekla, export IFC 2x3 or IFC4 with property sets and base quantities switched on. Quantities are what turn a list of elements into numbers an estimator can use.',
    },
    { type: 'h2', text: '2. Upload it to the connector' },
    {
      type: 'p',
      text: 'Open the IFC connector in the app and drop the file in (up to 100 MB). The server parses it in the background and streams its progress to the page, so you can watch storeys, elements and property sets being extracted.',
    },
    { type: 'h2', text: '3. Copy the feed URL into Power BI' },
    {
      type: 'p',
      text: 'When processing completes you receive an OData endpoint URL. In Power BI Desktop choose Get Data, then OData feed, paste the URL and sign in with your username and a feed token.',
    },
    {
      type: 'code',
      text: "https://your-host/api/ifc/odata/IFCElements?$filter=ProjectId eq 'your-project-id'",
    },
    { type: 'h2', text: '4. Build the report' },
    {
      type: 'ul',
      items: [
        'Group by Storey and IfcType for a quantity take-off per level.',
        'Sum NetArea and NetVolume for concrete and finishes.',
        'Filter on Material to compare design options.',
      ],
    },
    {
      type: 'p',
      text: 'Upload the next model version and press Refresh: the report updates in place, with no re-exports and no broken formulas.',
    },
  ],
  'ifc-2x3-ifc4-ifc4x1-what-changes': [
    {
      type: 'p',
      text: 'IFC is the open buildingSMART standard for exchanging building models. Three versions dominate real projects today, and the connector accepts all of them.',
    },
    { type: 'h2', text: 'IFC 2x3' },
    {
      type: 'p',
      text: 'Still the most widely exported version, and the basis of many national delivery requirements. It covers architecture, structure and building services well, with the common property sets most teams rely on.',
    },
    { type: 'h2', text: 'IFC4' },
    {
      type: 'p',
      text: 'IFC4 refines geometry and property definitions, adds predefined types to many more elements, and formalises quantity sets. For data work the biggest gain is cleaner, more consistent classification.',
    },
    { type: 'h2', text: 'IFC4x1' },
    {
      type: 'p',
      text: 'IFC4x1 introduced alignment for infrastructure. Building content is the same as IFC4, so buildings exported as IFC4x1 read exactly like IFC4 ones.',
    },
    { type: 'h2', text: 'One table, whatever the version' },
    {
      type: 'p',
      text: 'The connector reads the schema from the file header and maps every version onto the same IFCElements columns: GlobalId, IfcType, PredefinedType, Name, Storey, Material, common property flags and base quantities. Your BI report does not need to know which version a model came from.',
    },
  ],
  'cobie-handover-without-the-spreadsheet-marathon': [
    {
      type: 'p',
      text: 'COBie, the Construction Operations Building information exchange, is how many owners want to receive asset data at handover: spaces, types, components and their attributes in a structured workbook.',
    },
    {
      type: 'p',
      text: 'The hard part is rarely producing the workbook. It is checking it: are all the doors there, does every component have a type, are the spaces named consistently? Teams often spend weeks comparing exports by hand.',
    },
    { type: 'h2', text: 'Check the model, not the export' },
    {
      type: 'ul',
      items: [
        'Count components per type and storey straight from the feed, and compare against the equipment schedule.',
        'Find elements with an empty Name or Tag with one $filter.',
        'Join on GlobalId to track each asset from design model to maintenance system.',
      ],
    },
    {
      type: 'p',
      text: 'Because the feed reads the model itself, the checks run again in seconds on every new version. The workbook you finally hand over matches the model you checked.',
    },
  ],
  'why-we-built-on-odata-v4': [
    {
      type: 'p',
      text: 'When we started, the obvious move was a custom REST API. We chose OData v4.0 instead, because every BI tool our users open already speaks it.',
    },
    { type: 'h2', text: 'No plug-in to install' },
    {
      type: 'p',
      text: 'Tableau, Power BI and Excel ship with OData connectors. A feed URL plus a username and feed token is all an analyst needs; nobody has to approve a third-party connector on locked-down machines.',
    },
    { type: 'h2', text: 'The query runs where the data is' },
    {
      type: 'p',
      text: 'OData query options such as $filter, $select, $orderby, $top and $count are compiled on our server into database queries. A report that needs the walls of one storey downloads those walls, not the whole model.',
    },
    { type: 'h2', text: 'Paging that BI tools follow' },
    {
      type: 'p',
      text: 'Large models are served in pages with an @odata.nextLink. Power BI, Excel and Tableau follow it automatically, and a stable sort order means no element is skipped or counted twice while a model refreshes.',
    },
    {
      type: 'p',
      text: 'We wrote our own OData layer after existing open-source parsers failed valid queries. It is tested against the official OData ABNF test cases.',
    },
  ],
  'filtering-large-models-on-the-server': [
    {
      type: 'p',
      text: 'A large hospital or airport model can hold hundreds of thousands of elements. Loading all of them into a spreadsheet is slow and rarely what a report needs.',
    },
    { type: 'h2', text: 'Ask for less' },
    {
      type: 'ul',
      items: [
        "$filter keeps only matching rows: IfcType eq 'IfcWall' and Storey eq 'Level 03'.",
        '$select keeps only the columns the report uses.',
        '$top and $orderby give you the largest elements first.',
        '$count tells you how many rows match before you load them.',
      ],
    },
    {
      type: 'code',
      text: "/api/ifc/odata/IFCElements?$filter=IfcType eq 'IfcDoor'&$select=Name,Storey,Material&$count=true",
    },
    {
      type: 'p',
      text: "Filters use OData's own null semantics and string functions such as contains and startswith, so the same query gives the same rows whichever database stores the model.",
    },
  ],
  'property-sets-and-quantities': [
    {
      type: 'p',
      text: "An element's name and type tell you what it is. Its property sets and quantities tell you what it costs, how it performs and who maintains it.",
    },
    { type: 'h2', text: 'Common property sets' },
    {
      type: 'p',
      text: 'buildingSMART defines common sets such as Pset_WallCommon and Pset_DoorCommon with properties like IsExternal, LoadBearing and FireRating. The connector exposes the most used flags as typed columns on every element.',
    },
    { type: 'h2', text: 'Base quantities' },
    {
      type: 'p',
      text: 'Quantity sets carry length, area and volume measured by the authoring tool. They are the fastest route to a take-off, provided the export switched them on.',
    },
    { type: 'h2', text: 'Everything else' },
    {
      type: 'p',
      text: 'Custom property sets vary by firm and project. The IFCProperties table lists every property and quantity as one row with its set name, value as text and as number, and its unit, ready to pivot in your BI tool.',
    },
  ],
  'connecting-tableau-to-your-building-model': [
    {
      type: 'p',
      text: 'Tableau Desktop reads the feed with its built-in OData connector. Setup takes a couple of minutes.',
    },
    {
      type: 'ul',
      items: [
        'In Tableau Desktop choose Connect, then OData.',
        'Paste the Tableau URL shown when your upload completes.',
        'Choose Username and Password and enter your username and a feed token.',
        'Drag IFCElements to the canvas and update the extract.',
      ],
    },
    { type: 'h2', text: 'The localhost pitfall' },
    {
      type: 'p',
      text: 'If you run the platform on your own machine, its URLs point at localhost. Tableau Public and Tableau Cloud cannot reach localhost, so use Tableau Desktop, or publish the server on an address the service can reach. Error code 7C19CF64 in Tableau means exactly this: a network connectivity problem, not a broken feed.',
    },
  ],
  'introducing-aec-con-tech-data-tools': [
    {
      type: 'p',
      text: 'Architecture, engineering and construction teams produce rich building models, then re-type the same numbers into spreadsheets for cost plans, progress reports and handover. We think that manual step should disappear.',
    },
    { type: 'h2', text: 'The first tool: IFC to OData' },
    {
      type: 'p',
      text: 'Upload an IFC file and receive an OData v4.0 endpoint that Tableau, Power BI and Excel can read. Every element arrives with its storey, type, material, property sets and quantities, and the feed stays private to your account.',
    },
    { type: 'h2', text: 'Built to be run by you' },
    {
      type: 'p',
      text: 'The platform runs as a hosted service or on your own infrastructure with one docker-compose file, on MongoDB or an embedded database. Your models can stay inside your network.',
    },
    {
      type: 'p',
      text: 'Start a 30-day free trial, no credit card required, and tell us which tool you want next.',
    },
  ],
};
