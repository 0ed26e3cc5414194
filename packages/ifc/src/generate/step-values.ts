/** Reading back the STEP literals the generator wrote, as the extraction will decode them. */

/** Undoes str(): quotes, doubled quotes and backslashes, \X2\…\X0\ runs of UTF-16 code units. */
export function decodeStepString(literal: string): string | null {
  if (literal === '$') return null;
  if (!literal.startsWith("'") || !literal.endsWith("'")) throw new Error(`not a STEP string: ${literal}`);
  return literal
    .slice(1, -1)
    .replace(/\\X2\\((?:[0-9A-F]{4})+)\\X0\\/g, (_, hex: string) =>
      String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))),
    )
    .replace(/''/g, "'")
    .replace(/\\\\/g, '\\');
}

/**
 * The Value text the extraction gives a property value: `IFCLABEL('x')` → 'x', `IFCBOOLEAN(.T.)` → 'true',
 * `IFCLOGICAL(.U.)` → 'UNKNOWN', a number (bare in quantities) → String(number), '' → null.
 */
export function valueText(literal: string): string | null {
  const inner = /^IFC\w+\((.*)\)$/.exec(literal)?.[1] ?? literal;
  if (inner === '.T.') return 'true';
  if (inner === '.F.') return 'false';
  if (inner === '.U.') return 'UNKNOWN';
  if (inner.startsWith("'")) return decodeStepString(inner) || null;
  const n = Number(inner);
  if (!Number.isFinite(n)) throw new Error(`unreadable STEP value: ${literal}`);
  return String(n);
}
