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

/** Tableau data source file: an OData 4 connection to the project's elements, prompting for username + feed token. */
export function tableauConnectionFile(name: string, tableauUrl: string, username: string | null): string {
  return [
    "<?xml version='1.0' encoding='utf-8' ?>",
    `<datasource formatted-name='${xmlEscape(name)}' inline='true' version='18.1'>`,
    `  <connection class='odata' odata-version='4' server='${xmlEscape(tableauUrl)}' authentication='auth-user-pass'${
      username ? ` username='${xmlEscape(username)}'` : ''
    } />`,
    '</datasource>',
    '',
  ].join('\n');
}
