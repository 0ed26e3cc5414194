import { BookOpen, HelpCircle, Mail, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MailLink } from '@/components/ui/mail-link';
import { useUploadLimitWords } from '@/lib/api/upload-limits';

export type HelpLink = { title: string; url: string; text: string };

/** Support contact, the public FAQ and the docs; the route passes the doc paths in. */
export function HelpTopics({ docs }: { docs: HelpLink[] }) {
  const limitWords = useUploadLimitWords();
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card role="region" aria-label="Contact support">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Mail aria-hidden="true" className="size-4 text-primary" />
            Contact support
          </CardTitle>
          <CardDescription>
            Write to us with your username, the project name and what you saw.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <MailLink team="support" subject="Help with AEC Data Tools" />
          <p className="text-muted-foreground">
            For a failed upload, include the error shown on Data Sources; for a BI tool, the exact error code.
          </p>
        </CardContent>
      </Card>
      <Card role="region" aria-label="Frequently asked questions">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <HelpCircle aria-hidden="true" className="size-4 text-primary" />
            Frequently asked questions
          </CardTitle>
          <CardDescription>Pricing, supported files, data handling and accounts.</CardDescription>
        </CardHeader>
        <CardContent className="text-sm">
          <Link to="/faq" className="font-medium text-primary hover:underline">
            Read the FAQ
          </Link>
        </CardContent>
      </Card>
      <Card role="region" aria-label="Documentation">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <BookOpen aria-hidden="true" className="size-4 text-primary" />
            Documentation
          </CardTitle>
          <CardDescription>Step-by-step guides for the connector and the feed.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 text-sm">
            {docs.map((doc) => (
              <li key={doc.url}>
                <Link to={doc.url} className="font-medium text-primary hover:underline">
                  {doc.title}
                </Link>
                <span className="text-muted-foreground"> — {doc.text}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card className="lg:col-span-3" role="region" aria-label="Common problems">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Wrench aria-hidden="true" className="size-4 text-primary" />
            Common problems
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 text-sm md:grid-cols-3">
            <li>
              <p className="font-medium">Tableau Public or Cloud says 7C19CF64</p>
              <p className="text-muted-foreground">
                A network connectivity error: the cloud service cannot reach a localhost address. Use Tableau
                Desktop, or host the platform on a public address.
              </p>
            </li>
            <li>
              <p className="font-medium">The BI tool keeps asking for a password</p>
              <p className="text-muted-foreground">
                Use your account username and a feed token from Settings, not your login password.
              </p>
            </li>
            <li>
              <p className="font-medium">An upload failed</p>
              <p className="text-muted-foreground">
                Check the file is a text .ifc (not .ifczip or .ifcxml) under {limitWords}, in IFC 2x3, 4, 4x1
                or 4x3.
              </p>
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
