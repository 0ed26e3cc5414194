import { ifcVersionList } from '@aec/contracts';

export type FaqItem = { id: string; question: string; answer: string };

/** Spec §2 FAQ: ten questions, shown one at a time. */
export const faqItemsFor = (limitWords: string): FaqItem[] => [
  {
    id: 'what-is-it',
    question: 'What is AEC Con-Tech Data Tools?',
    answer:
      'A web platform of data tools for architecture, engineering and construction teams. Its first tool, the IFC connector, turns an uploaded IFC building model into an OData v4.0 endpoint that Tableau, Power BI and Excel can read.',
  },
  {
    id: 'ifc-versions',
    question: 'Which IFC versions and file sizes are supported?',
    answer: `${ifcVersionList('and')} files with the .ifc extension, up to ${limitWords} per upload. Files from Revit, ArchiCAD, Tekla, Allplan and other authoring tools work as long as they are valid IFC (STEP) files.`,
  },
  {
    id: 'what-data',
    question: 'What data ends up in the feed?',
    answer:
      'One row per building element with its GlobalId, IFC type, predefined type, name, storey, building, material, common property flags and base quantities, plus a long table of every property and quantity value and the spatial structure of sites, buildings, storeys and spaces.',
  },
  {
    id: 'bi-tools',
    question: 'How do I connect Tableau, Power BI or Excel?',
    answer:
      'Copy the endpoint URL shown when processing completes. In Power BI choose Get Data, OData feed; in Excel choose Get Data, From OData Feed; in Tableau Desktop choose Connect, OData. Sign in with your username and a feed token.',
  },
  {
    id: 'tableau-localhost',
    question: 'Why does Tableau Public say it cannot reach my feed?',
    answer:
      'Hosted BI services cannot reach URLs on localhost. If you run the platform on your own machine, use Tableau Desktop or expose the server on an address the service can reach. Tableau error code 7C19CF64 means this network connectivity problem.',
  },
  {
    id: 'privacy',
    question: 'Who can see my models?',
    answer:
      'Only you. Projects are private to your account; BI tools authenticate with your username and a feed token you can revoke at any time. The only public project is the demo.',
  },
  {
    id: 'cobie',
    question: 'Does it help with COBie deliverables?',
    answer:
      'Yes. The element and spatial tables carry the component, type and space information COBie asks for, so you can check completeness in your BI tool before handover.',
  },
  {
    id: 'trial',
    question: 'Is there a free trial?',
    answer: 'Every plan starts with a 30-day free trial. No credit card is required to sign up.',
  },
  {
    id: 'billing',
    question: 'How does billing work?',
    answer:
      'Plans are billed monthly, or annually with a 20% discount. You can change or cancel your plan at any time; Enterprise pricing is agreed with our sales team.',
  },
  {
    id: 'self-hosting',
    question: 'Can we run it on our own servers?',
    answer:
      'Yes. The platform runs with one docker-compose file (MongoDB, API and web app), or as a single process on an embedded database. Enterprise plans include help with dedicated deployments and a 99.9% uptime SLA.',
  },
];
