import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUploadLimitWords } from '@/lib/api/upload-limits';
import { landingFaqFor } from '../content/landing-faq';
import { SectionHeading } from './section-heading';

/**
 * Native <details> sharing one `name`: the browser keeps a single entry open and handles the
 * keyboard, with no accordion script in the landing bundle.
 */
export function LandingFaq() {
  const landingFaq = landingFaqFor(useUploadLimitWords());
  return (
    <section aria-labelledby="faq-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="divide-y rounded-lg border bg-card">
          {landingFaq.map((entry) => (
            <details key={entry.question} name="landing-faq" className="group px-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm py-4 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                {entry.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-4 text-sm leading-relaxed text-muted-foreground">{entry.answer}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          More questions?{' '}
          <Link
            to={paths.faq}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Read the full FAQ
          </Link>
        </p>
      </div>
    </section>
  );
}
