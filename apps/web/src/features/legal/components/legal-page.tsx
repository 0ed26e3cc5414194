import type { LegalDocument } from '../content/types';

function sectionId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One legal document with a table of contents, so long pages stay navigable by keyboard. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated: <time dateTime={document.updatedIso}>{document.updated}</time>
        </p>
        <p className="mt-4 text-lg text-muted-foreground">{document.intro}</p>
      </header>
      <nav aria-label="On this page" className="mt-8 rounded-lg border bg-muted/40 p-5 text-sm">
        <h2 className="font-semibold">On this page</h2>
        <ol className="mt-2 grid list-decimal gap-1 pl-5">
          {document.sections.map((section) => (
            <li key={section.heading}>
              <a
                href={`#${sectionId(section.heading)}`}
                className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={sectionId(section.heading)} className="mt-10">
          <h2 id={sectionId(section.heading)} className="scroll-mt-24 text-xl font-semibold">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((text) => (
            <p key={text} className="mt-3 leading-relaxed">
              {text}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
