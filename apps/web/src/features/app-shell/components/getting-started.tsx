import { ifcVersionList } from '@aec/contracts';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { appPaths } from '@/config/app-paths';
import { useUploadLimitWords } from '@/lib/api/upload-limits';

const stepsFor = (limitWords: string) => [
  {
    title: 'Upload an IFC model',
    text: `Open the Tableau OData Connector and choose an .ifc file (${ifcVersionList('or')}, up to ${limitWords}). The server extracts every element with its properties and quantities.`,
    link: { to: appPaths.connector, label: 'Open the connector' },
  },
  {
    title: 'Create a feed token',
    text: 'BI tools sign in with your username and a feed token instead of your password. Create one in Settings and copy it: it is shown only once.',
    link: { to: appPaths.settings, label: 'Go to Settings' },
  },
  {
    title: 'Connect your BI tool',
    text: 'Paste the project feed URL into Tableau Desktop (OData connector), Power BI or Excel (OData feed) and sign in with Basic authentication.',
    link: { to: appPaths.docsQuickStart, label: 'Read the Quick Start' },
  },
];

/** The three-step Getting Started guide of the app home. */
export function GettingStarted() {
  const steps = stepsFor(useUploadLimitWords());
  return (
    <Card role="region" aria-label="Getting Started">
      <CardHeader>
        <CardTitle className="text-lg">Getting Started</CardTitle>
        <CardDescription>From a building model to a live BI data source in three steps.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="grid content-start gap-2 rounded-md border p-4">
              <span className="flex size-7 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-sm text-muted-foreground">{step.text}</p>
              <Link to={step.link.to} className="text-sm font-medium text-primary hover:underline">
                {step.link.label}
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
