import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The two public addresses; every page that links to them goes through MailLink so they never drift. */
export const CONTACT_EMAILS = {
  sales: 'sales@aecdatatools.com',
  support: 'support@aecdatatools.com',
} as const;

export type ContactTeam = keyof typeof CONTACT_EMAILS;

export function mailto(team: ContactTeam, subject?: string): string {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return `mailto:${CONTACT_EMAILS[team]}${query}`;
}

/** A mail link that shows the address unless given other text. */
export function MailLink({
  team,
  subject,
  className,
  children,
  ...props
}: Omit<ComponentProps<'a'>, 'href'> & { team: ContactTeam; subject?: string }) {
  return (
    <a
      href={mailto(team, subject)}
      className={cn(
        'font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      {children ?? CONTACT_EMAILS[team]}
    </a>
  );
}
