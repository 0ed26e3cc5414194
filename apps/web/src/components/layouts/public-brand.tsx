import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const NAME = 'AEC Con-Tech Data Tools';

/**
 * Product name with a mark. In the header the name shrinks with the space the nav leaves:
 * short below 768 px, mark only from 768 to 1024 px (the links need the room), full from 1024 px.
 * The full name is always the link's accessible name.
 */
export function PublicBrand({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 rounded-md font-semibold whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Building2 aria-hidden="true" className="size-5" />
      </span>
      {compact ? (
        <>
          <span className="hidden lg:inline">{NAME}</span>
          <span className="md:hidden" aria-hidden="true">
            AEC Data Tools
          </span>
          <span className="sr-only lg:hidden">{NAME}</span>
        </>
      ) : (
        <span>{NAME}</span>
      )}
    </Link>
  );
}
