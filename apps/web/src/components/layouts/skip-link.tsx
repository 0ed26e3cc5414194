/**
 * The first tab stop of a layout: hidden until focused, it takes keyboard users past the header and navigation
 * to the page content (`<main id="main" tabIndex={-1}>`).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}
