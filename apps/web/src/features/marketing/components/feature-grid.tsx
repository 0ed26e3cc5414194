import { landingFeatures } from '../content/landing-features';
import { SectionHeading } from './section-heading';

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Everything between the model and the dashboard"
        lead="Built for architecture, engineering and construction teams who want BIM data in the tools they already report with."
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {landingFeatures.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-lg border bg-card p-6 shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-md bg-accent text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
