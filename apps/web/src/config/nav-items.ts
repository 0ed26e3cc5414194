import {
  ArrowLeft,
  BarChart3,
  BookOpen,
  Database,
  Download,
  FileBarChart,
  Gauge,
  HelpCircle,
  Home,
  LayoutDashboard,
  LayoutTemplate,
  type LucideIcon,
  PieChart,
  Rocket,
  Settings,
  TestTube2,
  Upload,
  Workflow,
  Wrench,
  Boxes,
} from 'lucide-react';
import { appPaths } from './app-paths';

export type NavLink = { title: string; url: string; icon: LucideIcon };
export type NavGroupItem = NavLink & { items: NavLink[] };

/** Spec §2 Sidebar groups: Platform (with sub-entries), Documentation, Secondary; footer link. */
export const platformNav: NavGroupItem[] = [
  {
    title: 'Dashboard',
    url: appPaths.home,
    icon: LayoutDashboard,
    items: [
      { title: 'Overview', url: appPaths.home, icon: Home },
      { title: 'Dashboard', url: appPaths.dashboard, icon: Gauge },
    ],
  },
  {
    title: 'IFC Tools',
    url: appPaths.connector,
    icon: Boxes,
    items: [{ title: 'Tableau OData Connector', url: appPaths.connector, icon: Workflow }],
  },
  {
    title: 'Data Integration',
    url: appPaths.data,
    icon: Database,
    items: [
      { title: 'Import Data', url: appPaths.dataImport, icon: Upload },
      { title: 'Export Data', url: appPaths.dataExport, icon: Download },
      { title: 'Data Sources', url: appPaths.dataSources, icon: Database },
    ],
  },
  {
    title: 'Analytics',
    url: appPaths.analytics,
    icon: BarChart3,
    items: [
      { title: 'Project Analytics', url: appPaths.analyticsProjects, icon: PieChart },
      { title: 'Performance', url: appPaths.analyticsPerformance, icon: Gauge },
      { title: 'Reports', url: appPaths.analyticsReports, icon: FileBarChart },
    ],
  },
];

export const documentationNav: NavLink[] = [
  { title: 'Overview', url: appPaths.docsOverview, icon: BookOpen },
  { title: 'Quick Start', url: appPaths.docsQuickStart, icon: Rocket },
  { title: 'Testing', url: appPaths.docsTesting, icon: TestTube2 },
  { title: 'Troubleshooting', url: appPaths.docsTroubleshooting, icon: Wrench },
  { title: 'Layout Guide', url: appPaths.layoutGuide, icon: LayoutTemplate },
];

export const secondaryNav: NavLink[] = [
  { title: 'Settings', url: appPaths.settings, icon: Settings },
  { title: 'Help', url: appPaths.help, icon: HelpCircle },
];

export const footerNav: NavLink = { title: 'Back to Marketing', url: '/', icon: ArrowLeft };
