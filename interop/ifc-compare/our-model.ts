import { readAllPages } from '../support/feed-reader';

export interface OurElement {
  GlobalId: string | null;
  ExpressId: number;
  IfcType: string;
  Storey: string | null;
}

export interface OurProperty {
  ElementExpressId: number;
  SetName: string | null;
  SetKind: string;
  PropertyName: string | null;
  Value: string | null;
  NumericValue: number | null;
  ValueType: string | null;
}

export interface OurModel {
  elements: OurElement[];
  properties: OurProperty[];
  /** GlobalId column of the CSV export, in file order. */
  csvGlobalIds: string[];
}

/** Minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), enough for our own export. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** Our view of one project: the feed's element and property rows and the CSV export. */
export async function readOurModel(
  base: string,
  projectId: string,
  basic: string,
  bearer: string,
): Promise<OurModel> {
  const root = `${base}/api/ifc/odata/projects/${projectId}`;
  const elements = await readAllPages<OurElement>(
    `${root}/IFCElements?$select=GlobalId,ExpressId,IfcType,Storey`,
    basic,
  );
  const properties = await readAllPages<OurProperty>(
    `${root}/IFCProperties?$select=ElementExpressId,SetName,SetKind,PropertyName,Value,NumericValue,ValueType`,
    basic,
  );
  const res = await fetch(`${base}/api/ifc/projects/${projectId}/elements.csv`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  if (!res.ok) throw new Error(`elements.csv: HTTP ${res.status}`);
  const [header = [], ...rows] = parseCsv(await res.text());
  const column = header.indexOf('GlobalId');
  if (column < 0) throw new Error(`elements.csv has no GlobalId column: ${header.join(',')}`);
  return {
    elements: elements.rows,
    properties: properties.rows,
    csvGlobalIds: rows.map((r) => r[column] ?? ''),
  };
}
