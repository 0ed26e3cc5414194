import { claims } from '../content/claims';
import { SectionHeading } from './section-heading';

const values = [
  {
    title: 'Open standards first',
    body: 'IFC in, OData out. We build on buildingSMART and OASIS standards so your data never gets locked into our format.',
  },
  {
    title: 'Your data stays yours',
    body: 'Projects are private by default, feed tokens are revocable, and the whole platform can run on your own servers.',
  },
  {
    title: 'Built for developers by developers',
    body: 'Plain URLs, documented query options, predictable errors. If your BI tool or script speaks HTTP, it can use the feed.',
  },
];

const numbers = [
  {
    value: claims.fasterDelivery,
    label: 'faster project delivery reported by teams who stop re-keying model data',
  },
  { value: claims.lessManualEntry, label: 'less manual data entry between the model and the report' },
  { value: claims.uptime, label: 'uptime target for hosted feeds' },
];

export function AboutStory() {
  return (
    <>
      <section aria-labelledby="story-title" className="mx-auto max-w-3xl px-4 py-16 leading-relaxed">
        <h2 id="story-title" className="text-2xl font-semibold tracking-tight">
          Why we exist
        </h2>
        <p className="mt-4">
          Building models hold more structured data than any other project document: every wall, door, duct
          and space with its storey, material, quantities and properties. Yet on most projects that data
          reaches cost plans, progress reports and handover packages through manual exports and re-typed
          spreadsheets.
        </p>
        <p className="mt-4">
          We are a small team of software engineers and BIM practitioners who got tired of that gap. AEC
          Con-Tech Data Tools connects the model to the analytics tools teams already use. The first tool
          turns an IFC file into an OData v4.0 feed for Tableau, Power BI and Excel; more tools for COBie
          handover, project systems and sensor data build on the same foundation.
        </p>
      </section>
      <section aria-labelledby="numbers-title" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading
            id="numbers-title"
            eyebrow="Impact"
            title="What changes when the model feeds the report"
          />
          <dl className="grid gap-6 sm:grid-cols-3">
            {numbers.map((item) => (
              <div
                key={item.value}
                className="flex flex-col-reverse rounded-lg border bg-card p-6 text-center"
              >
                <dt className="mt-2 text-sm text-muted-foreground">{item.label}</dt>
                <dd className="text-4xl font-bold text-primary">{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section aria-labelledby="values-title" className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading id="values-title" eyebrow="Values" title="How we build" />
        <ul className="grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <li key={value.title} className="rounded-lg border bg-card p-6 shadow-sm">
              <h3 className="font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{value.body}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
