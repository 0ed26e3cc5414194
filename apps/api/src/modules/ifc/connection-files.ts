import { xmlEscape } from '@aec/odata';

/** Power BI Desktop data source file: opens "OData feed" on the project's service root. */
export function powerBiConnectionFile(odataUrl: string): string {
  return JSON.stringify(
    {
      version: '0.1',
      connections: [{ details: { protocol: 'odata', address: { url: odataUrl } }, mode: 'Import' }],
    },
    null,
    2,
  );
}

/**
 * Tableau data source file with the two connections the guidance names: the project's Tableau URL (the element
 * table, opened first) and the per-project root's IFCElementsWide (every property as a column). Both prompt for the
 * account username and a feed token.
 */
export function tableauConnectionFile(
  name: string,
  urls: { tableauUrl: string; odataUrl: string },
  username: string | null,
): string {
  const user = username ? ` username='${xmlEscape(username)}'` : '';
  const connection = (caption: string, id: string, server: string) => [
    `      <named-connection caption='${xmlEscape(caption)}' name='${id}'>`,
    `        <connection class='odata' odata-version='4' server='${xmlEscape(server)}' authentication='auth-user-pass'${user} />`,
    '      </named-connection>',
  ];
  return [
    "<?xml version='1.0' encoding='utf-8' ?>",
    `<datasource formatted-name='${xmlEscape(name)}' inline='true' version='18.1'>`,
    "  <connection class='federated'>",
    '    <named-connections>',
    ...connection('IFCElements (Tableau URL)', 'odata.elements', urls.tableauUrl),
    ...connection(
      'IFCElementsWide (every property as a column)',
      'odata.wide',
      `${urls.odataUrl}IFCElementsWide`,
    ),
    '    </named-connections>',
    "    <relation connection='odata.elements' name='IFCElements' table='[IFCElements]' type='table' />",
    '  </connection>',
    '</datasource>',
    '',
  ].join('\n');
}
