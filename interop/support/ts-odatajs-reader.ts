import { oData, type Edmx } from 'ts-odatajs';

/**
 * The feed read by ts-odatajs, the maintained TypeScript fork of Apache Olingo's JavaScript client: it parses
 * the CSDL XML into its own EDM object and reads entity sets as JSON. It does not page by itself, so we follow
 * @odata.nextLink from each page's payload, as a browser app built on it does.
 */

const MAX_PAGES = 10_000;

export interface SetRead {
  entityType: string;
  declaredProperties: number;
  rows: number;
  pages: number;
}

function read<T>(requestUri: string, auth: string, handler?: typeof oData.metadataHandler): Promise<T> {
  return new Promise((resolve, reject) => {
    oData.read(
      { requestUri, headers: { Authorization: auth, Accept: 'application/json' }, timeoutMS: 60_000 },
      (data: T) => resolve(data),
      (error) =>
        reject(
          new Error(`ts-odatajs GET ${requestUri}: ${error.message} (${error.response?.statusCode ?? '?'})`),
        ),
      handler,
    );
  });
}

export async function readFeedWithOdatajs(
  serviceRoot: string,
  auth: string,
): Promise<Record<string, SetRead>> {
  const root = serviceRoot.endsWith('/') ? serviceRoot : `${serviceRoot}/`;
  const edmx = await read<Edmx.Edmx>(`${root}$metadata`, auth, oData.metadataHandler);
  const schemas = edmx.dataServices.schema;
  const types = new Map(
    schemas.flatMap((s) =>
      (s.entityType ?? []).map((t) => [`${s.namespace}.${t.name}` as string, t] as const),
    ),
  );
  const out: Record<string, SetRead> = {};
  for (const set of schemas.flatMap((s) => s.entityContainer?.entitySet ?? [])) {
    const type = types.get(set.entityType as string);
    if (!type) throw new Error(`entity set ${set.name}: type ${set.entityType} not in $metadata`);
    let next: string | undefined = `${root}${set.name}`;
    let rows = 0;
    let pages = 0;
    while (next) {
      if (++pages > MAX_PAGES) throw new Error(`more than ${MAX_PAGES} pages in ${set.name}`);
      const page: { value: unknown[]; '@odata.nextLink'?: string } = await read(next, auth);
      rows += page.value.length;
      next = page['@odata.nextLink'];
    }
    out[set.name] = {
      entityType: set.entityType,
      declaredProperties: type.property?.length ?? 0,
      rows,
      pages,
    };
  }
  return out;
}
