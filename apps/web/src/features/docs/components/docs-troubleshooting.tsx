import { fileOverLimitMessage, ifcVersionList } from '@aec/contracts';
import { MailLink } from '@/components/ui/mail-link';
import { C, CodeBlock, DocArticle, DocSection } from './doc-parts';
import { ScrollX } from '@/components/ui/scroll-x';
import { useUploadLimitWords } from '@/lib/api/upload-limits';

const uploadErrorsFor = (limitWords: string): [string, string][] => [
  [
    'Please select a valid IFC file (.ifc extension)',
    'Only text .ifc files are accepted; export IFC (not .ifczip or .ifcxml) from your authoring tool.',
  ],
  [
    fileOverLimitMessage(limitWords),
    'Split the model (per building or discipline) or remove unneeded content before export.',
  ],
  [
    "This is not an IFC file: it contains … instead of the STEP header 'ISO-10303-21;'.",
    'The file was renamed, compressed or saved in another format; the message names it (a ZIP archive such as an .ifczip, gzip-compressed data, UTF-16 text, an ifcXML model) and what to do. Otherwise export it again as IFC.',
  ],
  ["Unsupported IFC schema '…'.", `Export as ${ifcVersionList('or')}.`],
  [
    "The file is truncated: it does not end with 'END-ISO-10303-21;'",
    'The export or the upload was cut short: export again and retry.',
  ],
  [
    'The upload did not complete. Please try again.',
    'The connection dropped during the upload; retry on a stable connection.',
  ],
];

/** Error messages users meet, and what to do about each. */
export function DocsTroubleshooting() {
  const uploadErrors = uploadErrorsFor(useUploadLimitWords());
  return (
    <DocArticle
      title="Troubleshooting"
      lead="Error messages you may see, what they mean, and how to fix them."
    >
      <DocSection id="tableau" title="Tableau error 7C19CF64">
        <p>
          A network connectivity error. Tableau Public and Tableau Cloud load the feed from their own servers
          and cannot reach <C>localhost</C> or addresses inside your network. Use{' '}
          <strong>Tableau Desktop</strong> with a local installation, or run the platform on a public HTTPS
          address.
        </p>
      </DocSection>
      <DocSection id="auth" title="The BI tool keeps asking for credentials">
        <p>
          Sign in with <strong>Basic</strong> authentication: your account username and a feed token
          (Settings), not your password. A revoked token or a deleted account is refused with 401. Create a
          new token and update the saved credentials in the tool (Power BI: File → Options → Data source
          settings).
        </p>
      </DocSection>
      <DocSection id="upload" title="Upload errors">
        <ScrollX className="rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="p-2 font-medium">Message</th>
                <th className="p-2 font-medium">What to do</th>
              </tr>
            </thead>
            <tbody>
              {uploadErrors.map(([message, fix]) => (
                <tr key={message} className="border-t align-top">
                  <td className="p-2 font-mono text-xs">{message}</td>
                  <td className="p-2">{fix}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
        <p>
          A project that failed during processing shows its error on Data Sources. Delete it and upload again
          after fixing the file.
        </p>
      </DocSection>
      <DocSection id="app" title="Messages in the app">
        <p>
          <strong>Network Error</strong>: the browser could not reach the API.{' '}
          <strong>Request failed with status code N</strong>: the server refused the request without saying
          why. <strong>Your session has expired. Please log in again.</strong>: sign in again; your data is
          kept.
        </p>
      </DocSection>
      <DocSection id="self-hosting" title="Self-hosting with docker-compose">
        <p>
          The repository ships a <C>docker-compose.yml</C> with MongoDB 7 and the app (API and web in one
          process on port 5000). Set <C>JWT_SECRET</C> (at least 32 characters) in <C>.env</C>, then:
        </p>
        <CodeBlock
          code={
            'cp .env.example .env   # then set JWT_SECRET\ndocker compose up -d --build\ncurl http://localhost:5000/health'
          }
        />
        <p>
          In development the web app runs on Vite at <C>http://localhost:5173</C> and proxies <C>/api</C>,{' '}
          <C>/mongo</C> and <C>/health</C> to the API on <C>http://localhost:5000</C>. Feed URLs use the
          address you browse from, so a tool on another machine needs the server&apos;s real host name, not
          localhost.
        </p>
      </DocSection>
      <DocSection id="support" title="Still stuck?">
        <p>
          Write to <MailLink team="support" subject="Troubleshooting" /> with your username, the project and
          the exact message.
        </p>
      </DocSection>
    </DocArticle>
  );
}
