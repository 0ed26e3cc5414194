import { ifcVersionList } from '@aec/contracts';
import { Link } from 'react-router';
import { useUploadLimitWords } from '@/lib/api/upload-limits';
import { Bullets, C, CodeBlock, DocArticle, DocSection, Steps } from './doc-parts';

/** From an IFC file to a BI tool: upload, token, Tableau / Power BI / Excel, queries. */
export function DocsQuickStart({ origin }: { origin: string }) {
  const limitWords = useUploadLimitWords();
  // Only the spaces are escaped, so the placeholder reads '<projectId>' (not '%3CprojectId%3E') and the URL has
  // the shape of the one Data Sources gives for a real project.
  const tableau = `${origin}/api/ifc/odata/IFCElements?$filter=ProjectId%20eq%20'<projectId>'`;
  return (
    <DocArticle
      title="Quick Start"
      lead="Upload a model, create a feed token, and open the data in your BI tool."
    >
      <DocSection id="upload" title="1. Upload a model">
        <Steps>
          <li>
            Open{' '}
            <Link to="/app/ifc-tableau-connector" className="text-primary underline underline-offset-2">
              IFC Tableau Connector
            </Link>{' '}
            and choose an <C>.ifc</C> file ({ifcVersionList('or')}, up to {limitWords}).
          </li>
          <li>
            Check the preview and press Start Processing. The log shows each stage while the server works.
          </li>
          <li>When it finishes, copy the endpoint URL from the results (Data Sources lists it later too).</li>
        </Steps>
      </DocSection>
      <DocSection id="token" title="2. Create a feed token">
        <p>
          BI tools never get your password. In{' '}
          <Link to="/app/settings" className="text-primary underline underline-offset-2">
            Settings
          </Link>
          , create a feed token named after the tool and copy it — it is shown only once. Tools sign in with{' '}
          <strong>HTTP Basic</strong>: your username plus the token as the password.
        </p>
      </DocSection>
      <DocSection id="tableau" title="3a. Tableau Desktop">
        <Steps>
          <li>
            Connect → To a Server → <strong>OData</strong>.
          </li>
          <li>
            Server: the project&apos;s Tableau URL, for example <C>{tableau}</C>
          </li>
          <li>Authentication: Username and Password — your username and the feed token. Sign In.</li>
          <li>
            Drag IFCElements onto the canvas; group by IfcType or Storey and sum NetVolume or GrossArea.
          </li>
          <li>
            For every property and quantity as a column of its own, connect again with the project&apos;s wide
            table, <C>{`${origin}/api/ifc/odata/projects/<projectId>/IFCElementsWide`}</C>. The Tableau URL
            above stays the one for the element table; the project&apos;s <C>.tds</C> download holds both.
          </li>
        </Steps>
        <p>
          <strong>Tableau Public and Tableau Cloud</strong> fetch the feed from their own servers, so they
          cannot reach <C>localhost</C> or a private network address. Use Tableau Desktop against a local
          installation, or host the platform on a public HTTPS address first. Error <C>7C19CF64</C> in Tableau
          means exactly this network connectivity problem.
        </p>
      </DocSection>
      <DocSection id="powerbi" title="3b. Power BI Desktop">
        <Steps>
          <li>
            Get Data → <strong>OData feed</strong>.
          </li>
          <li>
            URL: the service root <C>{`${origin}/api/ifc/odata/`}</C> (pick tables in the navigator) or a
            project URL.
          </li>
          <li>
            When asked, choose <strong>Basic</strong> and enter your username and the feed token.
          </li>
        </Steps>
      </DocSection>
      <DocSection id="excel" title="3c. Excel">
        <Steps>
          <li>
            Data → Get Data → From Other Sources → <strong>From OData Feed</strong>.
          </li>
          <li>
            Paste the URL, choose Basic, enter username and feed token, then Load the IFCElements table.
          </li>
        </Steps>
      </DocSection>
      <DocSection id="queries" title="OData query examples">
        <p>
          Add these options to a URL to let the server do the work (spaces are sent as %20 by tools and
          browsers):
        </p>
        <Bullets>
          <li>
            Only walls: <C>$filter=ProjectId eq &apos;&lt;id&gt;&apos; and IfcType eq &apos;IfcWall&apos;</C>
          </li>
          <li>
            Fewer columns: <C>$select=GlobalId,IfcType,Storey,NetVolume</C>
          </li>
          <li>
            Largest first: <C>$orderby=NetVolume desc&amp;$top=20</C>
          </li>
          <li>
            Text search: <C>$filter=contains(Name,&apos;Door&apos;)</C>
          </li>
          <li>
            Several values: <C>$filter=Storey in (&apos;Level 1&apos;,&apos;Level 2&apos;)</C>
          </li>
          <li>
            Count only: <C>IFCElements/$count</C>, or <C>$count=true</C> alongside the rows
          </li>
        </Bullets>
        <CodeBlock
          label="Example: external load-bearing walls of one project"
          code={`${origin}/api/ifc/odata/IFCElements?$filter=ProjectId%20eq%20'<projectId>'%20and%20IfcType%20eq%20'IfcWall'%20and%20IsExternal%20eq%20true%20and%20LoadBearing%20eq%20true&$select=GlobalId,Name,Storey,NetVolume`}
        />
        <p>
          Large results arrive in pages; each page ends with an <C>@odata.nextLink</C> that BI tools follow on
          their own.
        </p>
      </DocSection>
    </DocArticle>
  );
}
