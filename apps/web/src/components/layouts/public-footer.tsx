import { Link } from 'react-router';
import { MailLink } from '@/components/ui/mail-link';
import { PublicBrand } from './public-brand';
import { footerGroups, socialLinks } from './public-nav-links';

const linkClass =
  'rounded-sm text-muted-foreground hover:text-foreground hover:underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function PublicFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid content-start gap-3 lg:col-span-2">
          <PublicBrand />
          <p className="max-w-sm text-muted-foreground">
            IFC building models published as OData v4 feeds for Tableau, Power BI and Excel.
          </p>
          <p>
            Support: <MailLink team="support" />
          </p>
        </div>
        <nav
          aria-label="Footer"
          className="grid grid-cols-2 gap-6 sm:col-span-1 sm:grid-cols-3 lg:col-span-3"
        >
          {footerGroups.map((group) => (
            <div key={group.title} className="grid content-start gap-2">
              <h2 className="font-semibold">{group.title}</h2>
              <ul className="grid gap-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>Built for developers by developers.</p>
          <ul aria-label="Social links" className="flex flex-wrap gap-x-4 gap-y-2">
            {socialLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClass} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
