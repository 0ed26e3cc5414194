/** OData identifiers: a letter or `_`, then letters, digits or `_`, at most 128 characters. */
const MAX_LENGTH = 128;

/** Turns any label (an IFC property name like `Pset_WallCommon.FireRating`) into an OData identifier. */
export function toODataIdentifier(label: string): string {
  let s = label
    .normalize('NFC')
    .replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '')
    .replace(/[^\p{L}\p{N}_]+/gu, '_');
  if (s === '' || s === '_') s = 'Property';
  if (!/^[\p{L}_]/u.test(s)) s = `_${s}`;
  return Array.from(s).slice(0, MAX_LENGTH).join('');
}

/**
 * Identifiers for many labels, unique case-insensitively (some clients, Excel among them, treat
 * column names so) and distinct from `reserved` (e.g. the fixed columns). Collisions get `_2`, `_3`, …
 * Returns label → identifier, stable for the same input order.
 */
export function uniqueODataIdentifiers(
  labels: readonly string[],
  reserved: readonly string[] = [],
): Map<string, string> {
  const distinct = [...new Set(labels)];
  const names = distinctODataIdentifiers(distinct, reserved);
  return new Map(distinct.map((label, i) => [label, names[i]!]));
}

/**
 * One identifier per position, all unique as above, even where two labels are equal: for things that must stay
 * apart although their labels read the same (a property set named `a.b` with property `c`, and set `a` with
 * property `b.c`).
 */
export function distinctODataIdentifiers(
  labels: readonly string[],
  reserved: readonly string[] = [],
): string[] {
  const taken = new Set(reserved.map((r) => r.toLowerCase()));
  return labels.map((label) => {
    const base = toODataIdentifier(label);
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const suffix = `_${n}`;
      candidate =
        Array.from(base)
          .slice(0, MAX_LENGTH - suffix.length)
          .join('') + suffix;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
