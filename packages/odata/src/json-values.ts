import type { EdmPrimitive, EntityType, PropertyDef } from './model';

/** Canonical UTC form with `Z` whatever the store returned (Date, ISO text, SQLite's space form). */
export function dateTimeOffsetJson(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return new Date(v).toISOString();
  const s = String(v);
  // Fast path: already the canonical form the SQL store keeps (`toISOString()`).
  if (s.length === 24 && s[10] === 'T' && s[23] === 'Z' && s[19] === '.') return s;
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(s);
  const d = new Date(hasZone ? s : `${s.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
}

/**
 * JSON text of one property value per OData JSON format 4.0. With `ieee754Compatible` (requested
 * by the client in the media type) Int64 and Decimal are strings so JavaScript clients keep digits.
 */
export function encodeValue(type: EdmPrimitive, v: unknown, ieee754Compatible = false): string {
  if (v === null || v === undefined) return 'null';
  if (ieee754Compatible && (type === 'Edm.Int64' || type === 'Edm.Decimal')) {
    const n = typeof v === 'bigint' ? v.toString() : String(v);
    return JSON.stringify(n);
  }
  switch (type) {
    case 'Edm.Boolean':
      return v === true || v === 1 || v === 1n || v === '1' || v === 'true' ? 'true' : 'false';
    case 'Edm.Int32':
    case 'Edm.Int64':
    case 'Edm.Double':
    case 'Edm.Decimal': {
      if (typeof v === 'bigint') return v.toString();
      const n = typeof v === 'number' ? v : Number(v);
      if (Number.isNaN(n)) return '"NaN"';
      if (!Number.isFinite(n)) return n > 0 ? '"INF"' : '"-INF"';
      return String(n);
    }
    case 'Edm.DateTimeOffset':
      return JSON.stringify(dateTimeOffsetJson(v));
    case 'Edm.Date':
      return JSON.stringify(v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
    default:
      return JSON.stringify(String(v));
  }
}

/** Key predicate text for @odata.id / editLink: `(1)`, `('a''b')`, `(A=1,B='x')`. */
export function keyPredicate(type: EntityType, row: Record<string, unknown>): string {
  const lit = (p: PropertyDef | undefined, v: unknown): string => {
    if (p && (p.type === 'Edm.String' || p.type === 'Edm.Date' || p.type === 'Edm.DateTimeOffset')) {
      const s =
        p.type === 'Edm.String'
          ? `'${String(v).replace(/'/g, "''")}'`
          : p.type === 'Edm.Date'
            ? String(v).slice(0, 10)
            : (dateTimeOffsetJson(v) ?? '');
      return encodeURIComponent(s).replace(/%27/g, "'");
    }
    return String(v);
  };
  const parts = type.key.map((k) => ({ k, p: type.properties.find((x) => x.name === k) }));
  if (parts.length === 1) return `(${lit(parts[0]?.p, row[type.key[0] as string])})`;
  return `(${parts.map(({ k, p }) => `${k}=${lit(p, row[k])}`).join(',')})`;
}
