import { Check } from 'lucide-react';
import { useUploadLimitWords } from '@/lib/api/upload-limits';
import { biTools, capabilitiesFor, steps } from '../content/capabilities';
import { SectionHeading } from './section-heading';
import { ScrollX } from '@/components/ui/scroll-x';

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading id="how-title" eyebrow="How it works" title="Three steps from model to report" />
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-lg border bg-card p-6 shadow-sm">
            <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CapabilityList() {
  const capabilities = capabilitiesFor(useUploadLimitWords());
  return (
    <section aria-labelledby="capabilities-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading
          id="capabilities-title"
          eyebrow="The IFC to OData connector"
          title="What the connector does today"
          lead="The first tool of the platform, and the one that removes the most manual work."
        />
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {capabilities.map(({ icon: Icon, title, points }) => (
            <li key={title} className="rounded-lg border bg-card p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function BiToolTable() {
  return (
    <section aria-labelledby="bi-title" className="mx-auto max-w-4xl px-4 py-16">
      <SectionHeading id="bi-title" eyebrow="Works with" title="The BI tools you already use" />
      <ScrollX className="rounded-lg border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">How to connect each BI tool to a feed</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Tool
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                How to connect
              </th>
            </tr>
          </thead>
          <tbody>
            {biTools.map((tool) => (
              <tr key={tool.name} className="border-t">
                <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap">
                  {tool.name}
                </th>
                <td className="px-4 py-3 text-muted-foreground">{tool.how}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  );
}
