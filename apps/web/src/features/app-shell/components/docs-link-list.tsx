import { BookOpen, LayoutTemplate, Rocket, TestTube2, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { appPaths } from '@/config/app-paths';

export const docsLinks = [
  {
    title: 'Overview',
    url: appPaths.docsOverview,
    icon: BookOpen,
    text: 'What the platform does, what a feed contains',
  },
  {
    title: 'Quick Start',
    url: appPaths.docsQuickStart,
    icon: Rocket,
    text: 'Upload, token, connect Tableau / Power BI / Excel',
  },
  {
    title: 'Testing',
    url: appPaths.docsTesting,
    icon: TestTube2,
    text: 'Check a feed with the browser, curl and $count',
  },
  {
    title: 'Troubleshooting',
    url: appPaths.docsTroubleshooting,
    icon: Wrench,
    text: 'Error messages and their fixes',
  },
  {
    title: 'Layout Guide',
    url: appPaths.layoutGuide,
    icon: LayoutTemplate,
    text: 'Breakpoints and UI components',
  },
];

export function DocsLinkList() {
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
      {docsLinks.map(({ title, url, icon: Icon, text }) => (
        <li key={url}>
          <Link
            to={url}
            className="flex h-full gap-3 rounded-md border p-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{title}</span>
              <span className="text-xs text-muted-foreground">{text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
