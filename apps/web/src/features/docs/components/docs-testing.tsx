import { Link } from 'react-router';
import { Bullets, C, CodeBlock, DocArticle, DocSection } from './doc-parts';

/** How to check a feed before blaming the BI tool. */
export function DocsTesting({ origin }: { origin: string }) {
  const root = `${origin}/api/ifc/odata`;
  return (
    <DocArticle title="Testing" lead="Check that a feed answers, and with what, before connecting a BI tool.">
      <DocSection id="browser" title="In the browser">
        <p>
          Open the demo project&apos;s root or its <C>$metadata</C> in a new tab. The demo project is public,
          so this works without any login:
        </p>
        <CodeBlock code={`${root}/projects/demo_project_permanent/`} />
        <CodeBlock code={`${root}/IFCElements?$filter=ProjectId%20eq%20'demo_project_permanent'&$top=5`} />
        <p>
          The{' '}
          <Link to="/app/ifc-odata-demo" className="text-primary underline underline-offset-2">
            IFC OData Demo
          </Link>{' '}
          and{' '}
          <Link to="/app/ifc-rest-demo" className="text-primary underline underline-offset-2">
            IFC REST Demo
          </Link>{' '}
          screens build queries for you and show the raw answers.
        </p>
      </DocSection>
      <DocSection id="curl" title="With curl">
        <p>Use your username and a feed token from Settings, exactly as a BI tool would:</p>
        <CodeBlock
          code={`curl -u 'USERNAME:FEED_TOKEN' '${root}/'`}
          label="Service document (lists the entity sets)"
        />
        <CodeBlock
          code={`curl -u 'USERNAME:FEED_TOKEN' '${root}/$metadata'`}
          label="Metadata (CSDL XML: columns and types)"
        />
        <CodeBlock
          code={`curl -u 'USERNAME:FEED_TOKEN' '${root}/IFCElements/$count?$filter=ProjectId%20eq%20%27<projectId>%27'`}
          label="How many elements a project has (a plain number)"
        />
        <CodeBlock
          code={`curl -u 'USERNAME:FEED_TOKEN' '${root}/IFCElements?$filter=ProjectId%20eq%20%27<projectId>%27&$select=IfcType,Name&$top=3'`}
          label="A few rows"
        />
        <p>What the answers mean:</p>
        <Bullets>
          <li>
            <strong>200</strong> with a number or JSON: the feed works; compare <C>$count</C> with the element
            count on Data Sources.
          </li>
          <li>
            <strong>401</strong>: wrong username or token, or the token was revoked. The answer carries a{' '}
            <C>WWW-Authenticate: Basic</C> challenge, which is what makes BI tools ask for credentials.
          </li>
          <li>
            <strong>400</strong>: the query is not valid OData; the JSON error names the problem and its
            position.
          </li>
          <li>
            <strong>501</strong>: valid OData this service does not implement (for example <C>$apply</C> or{' '}
            <C>$search</C>).
          </li>
        </Bullets>
      </DocSection>
      <DocSection id="health" title="Server health">
        <CodeBlock code={`curl '${origin}/health'`} label="Status, uptime, memory and database latency" />
        <p>The dashboard&apos;s Database and System health cards show the same answer.</p>
      </DocSection>
    </DocArticle>
  );
}
