import { ifcVersionList } from '@aec/contracts';
import { Link } from 'react-router';
import { useUploadLimitWords } from '@/lib/api/upload-limits';
import { Bullets, C, DocArticle, DocSection } from './doc-parts';

/** What the product is and what its feed contains. */
export function DocsOverview({ origin }: { origin: string }) {
  const limitWords = useUploadLimitWords();
  return (
    <DocArticle
      title="Overview"
      lead="AEC Con-Tech Data Tools turns an IFC building model into an OData v4.0 feed that Tableau, Power BI and Excel read like any other data source."
    >
      <DocSection id="how" title="How it works">
        <Bullets>
          <li>
            You upload an <C>.ifc</C> file on the{' '}
            <Link to="/app/ifc-tableau-connector" className="text-primary underline underline-offset-2">
              IFC Tableau Connector
            </Link>{' '}
            page. Supported schemas: {ifcVersionList('and')}; at most {limitWords} per file.
          </li>
          <li>
            A background worker reads the model and stores every building element, its property sets and the
            spatial structure (site, building, storeys, spaces). The connector shows the processing log live.
          </li>
          <li>
            When processing ends the project is <strong>ready</strong> and its feed answers queries at once.
          </li>
          <li>
            BI tools connect over HTTPS (or HTTP locally) and sign in with your username and a{' '}
            <em>feed token</em> from Settings.
          </li>
        </Bullets>
      </DocSection>
      <DocSection id="feed" title="What the feed contains">
        <p>
          The service root is <C>{`${origin}/api/ifc/odata/`}</C>; <C>$metadata</C> describes it. Four entity
          sets:
        </p>
        <Bullets>
          <li>
            <strong>Projects</strong> — one row per project you can read: <C>ProjectId</C>, <C>Name</C>,{' '}
            <C>FileName</C>, <C>Status</C>, <C>Schema</C>, <C>ElementCount</C>, <C>CreatedAt</C>…
          </li>
          <li>
            <strong>IFCElements</strong> — one row per element: <C>GlobalId</C>, <C>IfcType</C>, <C>Name</C>,{' '}
            <C>Storey</C>, <C>Material</C>, common properties (<C>IsExternal</C>, <C>LoadBearing</C>,{' '}
            <C>FireRating</C>…) and quantities (<C>Length</C>, <C>GrossArea</C>, <C>NetArea</C>,{' '}
            <C>GrossVolume</C>, <C>NetVolume</C>, weights), plus <C>ProjectId</C>. In an infrastructure model
            (IFC4X3) a bridge, road, railway or marine facility fills <C>Building</C> and its parts (a deck, a
            carriageway…) fill <C>Storey</C>.
          </li>
          <li>
            <strong>IFCProperties</strong> — every property value of every element (<C>SetName</C>,{' '}
            <C>PropertyName</C>, <C>Value</C>, <C>NumericValue</C>, <C>Unit</C>).
          </li>
          <li>
            <strong>IFCSpatialStructure</strong> — sites, buildings, storeys and spaces with elevations and
            parents.
          </li>
        </Bullets>
        <p>
          A project&apos;s Tableau URL filters the flat element set to that project:{' '}
          <C>{`${origin}/api/ifc/odata/IFCElements?$filter=ProjectId eq '<projectId>'`}</C>. Each project also
          has its own root at <C>{`${origin}/api/ifc/odata/projects/<projectId>/`}</C>. Data Sources lists
          both ready to copy.
        </p>
        <p>
          A project&apos;s own root adds <strong>IFCElementsWide</strong>: one row per element with every
          property and quantity of that model as a typed column of its own (<C>Pset_WallCommon_FireRating</C>,{' '}
          <C>Qto_WallBaseQuantities_NetVolume</C>…). In Tableau the Tableau URL gives the element table; for
          every property as a column, connect to{' '}
          <C>{`${origin}/api/ifc/odata/projects/<projectId>/IFCElementsWide`}</C> and filter and chart any
          property without pivoting. It is prepared right after processing and appears within seconds, even
          for large models.
        </p>
      </DocSection>
      <DocSection id="access" title="Who can read a feed">
        <p>
          Your projects are private: only you can read them, with your session in this app or with your
          username and one of your feed tokens. The public demo project (<C>demo_project_permanent</C>) can be
          read by anyone, without an account, at{' '}
          <C>{`${origin}/api/ifc/odata/projects/demo_project_permanent/`}</C>. Revoking a token in Settings
          locks out every tool that used it.
        </p>
      </DocSection>
      <DocSection id="next" title="Next steps">
        <p>
          Follow the{' '}
          <Link to="/app/docs/quick-start" className="text-primary underline underline-offset-2">
            Quick Start
          </Link>{' '}
          to connect a BI tool, or{' '}
          <Link to="/app/docs/testing" className="text-primary underline underline-offset-2">
            Testing
          </Link>{' '}
          to check a feed from the command line.
        </p>
      </DocSection>
    </DocArticle>
  );
}
