import { testimonials } from '../content/testimonials';
import { SectionHeading } from './section-heading';

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Trusted by people who live in the model"
        />
        <ul className="grid gap-6 lg:grid-cols-3">
          {testimonials.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-lg border bg-card p-6 shadow-sm">
                <blockquote className="flex-1 leading-relaxed">
                  <p>&ldquo;{item.quote}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-6 border-t pt-4 text-sm">
                  <span className="block font-semibold">{item.name}</span>
                  <span className="text-muted-foreground">{item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
