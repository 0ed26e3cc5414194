import { Headset, Mail } from 'lucide-react';
import { MailLink } from '@/components/ui/mail-link';

const teams = [
  {
    team: 'sales',
    icon: Mail,
    title: 'Talk to sales',
    body: 'Plans, Enterprise pricing, self-hosted deployments and invoices.',
  },
  {
    team: 'support',
    icon: Headset,
    title: 'Get support',
    body: 'Upload problems, feed connections and your account.',
  },
] as const;

export function FaqContact() {
  return (
    <section aria-labelledby="faq-contact-title" className="grid gap-6">
      <h2 id="faq-contact-title" className="text-2xl font-semibold tracking-tight">
        Still have questions?
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {teams.map(({ team, icon: Icon, title, body }) => (
          <li key={team} className="rounded-lg border bg-card p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-5 text-primary" />
            <h3 className="mt-3 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{body}</p>
            <p className="mt-3 text-sm">
              <MailLink team={team} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
