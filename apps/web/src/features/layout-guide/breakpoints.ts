/** Tailwind's default breakpoints, the ones the layout guide documents (spec §9). */
export const BREAKPOINTS = [
  { name: 'sm', px: 640, use: 'Large phones in landscape: two-column stat grids' },
  { name: 'md', px: 768, use: 'Tablets: the sidebar stops being a sheet (the mobile layout ends here)' },
  { name: 'lg', px: 1024, use: 'Laptops: side-by-side cards and charts' },
  { name: 'xl', px: 1280, use: 'Desktops: four-column dashboards' },
] as const;

/** The largest breakpoint a viewport width has reached, or 'base' below 640 px. */
export function activeBreakpoint(width: number): string {
  let active = 'base';
  for (const bp of BREAKPOINTS) if (width >= bp.px) active = bp.name;
  return active;
}
