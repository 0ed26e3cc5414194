import type { ReactNode } from 'react';
import { CopyButton } from '@/components/ui/copy-button';

/**
 * Building blocks of a docs page, so the four pages share one typography.
 *
 * Every grid here has one `minmax(0, 1fr)` column (grid-cols-1): a plain grid track grows to its widest content,
 * so one long URL or code block widened the whole page past a phone's screen. With a zero minimum the column
 * stays as wide as the screen and the long content wraps (inline code) or scrolls in its own box (code blocks).
 */
export function DocArticle({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <article className="grid max-w-3xl grid-cols-1 gap-6 leading-relaxed">
      <header className="grid grid-cols-1 gap-2">
        <p className="text-sm font-medium text-primary">Documentation</p>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-lg text-muted-foreground">{lead}</p>
      </header>
      {children}
    </article>
  );
}

export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-3 scroll-mt-20">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <div className="grid grid-cols-1 gap-1">
      {label ? <p className="text-xs font-medium text-muted-foreground">{label}</p> : null}
      <div className="relative rounded-md border bg-muted">
        {/* Focusable so a keyboard can scroll a long line sideways. */}
        <pre
          tabIndex={0}
          className="overflow-x-auto p-3 pr-24 font-mono text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <code>{code}</code>
        </pre>
        <CopyButton text={code} className="absolute right-2 top-2 h-7 px-2 text-xs" />
      </div>
    </div>
  );
}

export function C({ children }: { children: ReactNode }) {
  // A URL or query is one unbreakable word: let it break anywhere rather than run off a narrow screen.
  return (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] [overflow-wrap:anywhere]">
      {children}
    </code>
  );
}

export function Steps({ children }: { children: ReactNode }) {
  return <ol className="ml-5 grid list-decimal grid-cols-1 gap-2">{children}</ol>;
}

export function Bullets({ children }: { children: ReactNode }) {
  return <ul className="ml-5 grid list-disc grid-cols-1 gap-1.5">{children}</ul>;
}
