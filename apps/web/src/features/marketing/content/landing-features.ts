import { Boxes, ChartColumn, Cpu, ShieldCheck, Users, Workflow, type LucideIcon } from 'lucide-react';

export type FeatureBlurb = { icon: LucideIcon; title: string; body: string };

/** The six landing blurbs, one per marketing claim of spec §1. */
export const landingFeatures: FeatureBlurb[] = [
  {
    icon: Boxes,
    title: 'BIM and project system integration',
    body: 'Upload an IFC model and every building element becomes a row with its storey, type, material, property sets and quantities, joinable with your cost, schedule and ERP data.',
  },
  {
    icon: ChartColumn,
    title: 'Analytics dashboard',
    body: 'Point Tableau, Power BI or Excel at one OData v4 URL. Filters, sorting and paging run on the server, so even large models stay responsive in your reports.',
  },
  {
    icon: Users,
    title: 'Collaboration tools',
    body: 'Share one live feed with estimators, planners and owners instead of emailing spreadsheets. Everyone reads the same model version, refreshed when you upload a new one.',
  },
  {
    icon: ShieldCheck,
    title: 'Standards compliance (IFC, COBie)',
    body: 'Built on open standards: IFC 2x3, IFC4 and IFC4x1 in, OData v4.0 out, with COBie-ready asset and space data for facility handover.',
  },
  {
    icon: Cpu,
    title: 'IoT sensor integration',
    body: 'Every element keeps its IFC GlobalId, the stable key for linking sensor readings, BMS points and maintenance records back to the model.',
  },
  {
    icon: Workflow,
    title: 'Workflow automation',
    body: 'Upload, parse and publish run as a background job with live progress. Scheduled refreshes in your BI tool pick up each new model version on their own.',
  },
];
