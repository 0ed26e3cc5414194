import { ifcVersionList } from '@aec/contracts';
import { Boxes, ChartColumn, Cpu, ShieldCheck, Users, Workflow, type LucideIcon } from 'lucide-react';

export type FeatureBlurb = { icon: LucideIcon; title: string; body: string };

/** The six landing blurbs, one per marketing claim of spec §1. */
export const landingFeatures: FeatureBlurb[] = [
  {
    icon: Boxes,
    title: 'BIM and project system integration',
    body: 'Every element of your IFC model becomes a row with storey, type, material, properties and quantities, ready to join with cost and schedule data.',
  },
  {
    icon: ChartColumn,
    title: 'Analytics dashboard',
    body: 'Point Tableau, Power BI or Excel at one OData v4 URL. Filtering and paging run on the server, so large models stay fast.',
  },
  {
    icon: Users,
    title: 'Collaboration tools',
    body: 'Share one live feed with estimators, planners and owners instead of emailing spreadsheets. Everyone reads the same model version.',
  },
  {
    icon: ShieldCheck,
    title: 'Standards compliance (IFC, COBie)',
    body: `${ifcVersionList('and')} in, OData v4.0 out, with COBie-ready asset and space data for facility handover.`,
  },
  {
    icon: Cpu,
    title: 'IoT sensor integration',
    body: 'Every element keeps its IFC GlobalId, the stable key for linking sensor readings and BMS points to the model.',
  },
  {
    icon: Workflow,
    title: 'Workflow automation',
    body: 'Upload, parse and publish run as a background job with live progress; scheduled BI refreshes pick up each new version.',
  },
];
