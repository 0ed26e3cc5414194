import { ifcVersionList } from '@aec/contracts';
import { Database, FileUp, KeyRound, ListTree, Server, Zap, type LucideIcon } from 'lucide-react';

export type Capability = { icon: LucideIcon; title: string; points: string[] };

/** What the IFC → OData connector does today, for the /features page. */
export const capabilitiesFor = (limitWords: string): Capability[] => [
  {
    icon: FileUp,
    title: 'Upload any IFC model',
    points: [
      `${ifcVersionList('and')} files up to ${limitWords}`,
      'Streamed to disk, never held whole in memory',
      'Header and schema checked, truncated files rejected with a clear message',
    ],
  },
  {
    icon: Zap,
    title: 'Processing you can watch',
    points: [
      'Parsing runs in a background worker, not in your browser',
      'Live progress and log lines for upload, parse, extract and complete',
      'Pause, resume or cancel a running job',
    ],
  },
  {
    icon: ListTree,
    title: 'A data model made for BI',
    points: [
      'IFCElements: one row per element with storey, type, material and quantities',
      'IFCProperties: every property and quantity value, as text and as number, with units',
      'IFCSpatialStructure: site, building, storey and space hierarchy',
    ],
  },
  {
    icon: Database,
    title: 'A standard OData v4.0 service',
    points: [
      '$filter, $select, $orderby, $top, $skip, $count and $expand',
      'Server-driven paging with @odata.nextLink and a stable order',
      'CSDL $metadata so BI tools know every column type',
    ],
  },
  {
    icon: KeyRound,
    title: 'Private by default',
    points: [
      'Projects are visible to your account only',
      'BI tools sign in with your username and a revocable feed token',
      'A new model version switches over atomically: reports never see half a model',
    ],
  },
  {
    icon: Server,
    title: 'Hosted or self-hosted',
    points: [
      'One docker-compose file runs MongoDB, the API and the web app',
      'Or a single process on an embedded database for small teams',
      'Your models can stay inside your own network',
    ],
  },
];

export const biTools = [
  { name: 'Power BI', how: 'Get Data → OData feed, paste the URL, sign in with username and feed token.' },
  {
    name: 'Tableau',
    how: 'Connect → OData in Tableau Desktop, paste the Tableau URL, choose Username and Password.',
  },
  { name: 'Excel', how: 'Data → Get Data → From Other Sources → From OData Feed, then load or transform.' },
] as const;

export const steps = [
  { title: 'Upload', body: 'Drop an .ifc file exported from Revit, ArchiCAD, Tekla or any IFC tool.' },
  { title: 'Process', body: 'The server extracts every element, property set, quantity and storey.' },
  { title: 'Connect', body: 'Paste the OData URL into your BI tool and refresh whenever the model changes.' },
] as const;
