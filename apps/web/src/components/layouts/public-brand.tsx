import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Product name with a mark; the short form keeps the 375 px header on one line. */
export function PublicBrand() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Building2 aria-hidden="true" className="size-5" />
      </span>
      <span className="hidden lg:inline">AEC Con-Tech Data Tools</span>
      <span className="lg:hidden" aria-hidden="true">
        AEC Data Tools
      </span>
      <span className="sr-only lg:hidden">AEC Con-Tech Data Tools</span>
    </Link>
  );
}
