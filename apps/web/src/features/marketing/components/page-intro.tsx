import type { ReactNode } from 'react';

/** The h1 band at the top of every marketing page. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="border-b bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <div className="mt-5 text-lg text-pretty text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}
