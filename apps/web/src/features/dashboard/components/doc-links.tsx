import { BookOpen, LayoutTemplate, Rocket, TestTube2, Wrench } from 'lucide-react';
import { LinkCard } from './link-card';

/** Documentation shortcuts on the dashboard (link cards, spec §3). */
export function DocLinks() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      <LinkCard
        title="Overview"
        url="/app/docs/overview"
        icon={BookOpen}
        description="What the platform does and how the feed works"
        actionLabel="Read"
      />
      <LinkCard
        title="Quick Start"
        url="/app/docs/quick-start"
        icon={Rocket}
        description="From an IFC file to a Tableau sheet in minutes"
        actionLabel="Read"
        badge="Start here"
      />
      <LinkCard
        title="Testing"
        url="/app/docs/testing"
        icon={TestTube2}
        description="Check a feed with the browser, curl and $count"
        actionLabel="Read"
      />
      <LinkCard
        title="Troubleshooting"
        url="/app/docs/troubleshooting"
        icon={Wrench}
        description="Error messages and what to do about them"
        actionLabel="Read"
      />
      <LinkCard
        title="Layout Guide"
        url="/app/layout-guide"
        icon={LayoutTemplate}
        description="Breakpoints and UI components"
        actionLabel="Open"
      />
    </div>
  );
}
