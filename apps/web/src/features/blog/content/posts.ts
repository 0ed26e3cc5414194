export const BLOG_CATEGORIES = [
  'Business Intelligence',
  'IFC & OpenBIM',
  'Product Updates',
  'Industry Insights',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Spec §3 Blog post. Bodies live in post-bodies.ts so the list page does not download them. */
export type BlogPost = {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  slug: string;
  category: BlogCategory;
};

/** Newest first; the first one is the featured post (spec §2 Blog). */
export const blogPosts: BlogPost[] = [
  {
    title: 'From IFC to Power BI in Ten Minutes',
    date: '2024-12-15',
    description:
      'A step-by-step walk from an exported IFC file to a refreshable Power BI report of quantities per storey, with no manual exports in between.',
    slug: 'from-ifc-to-power-bi-in-ten-minutes',
    category: 'Business Intelligence',
  },
  {
    title: 'IFC 2x3, IFC4 and IFC4x1: What Changes for Your Data',
    date: '2024-12-10',
    description:
      'The three IFC schema versions you will meet in practice, what each adds, and how the connector maps them onto one consistent table.',
    slug: 'ifc-2x3-ifc4-ifc4x1-what-changes',
    category: 'IFC & OpenBIM',
  },
  {
    title: 'COBie Handover Without the Spreadsheet Marathon',
    date: '2024-12-05',
    description:
      'Facility handover needs trustworthy asset data. Here is how a live element feed shortens the COBie checks owners ask for at the end of a project.',
    slug: 'cobie-handover-without-the-spreadsheet-marathon',
    category: 'Industry Insights',
  },
  {
    title: 'Why We Built on OData v4',
    date: '2024-12-01',
    description:
      'Tableau, Power BI and Excel all speak OData. We explain why an open protocol beat a custom API, and what server-driven paging means for big models.',
    slug: 'why-we-built-on-odata-v4',
    category: 'Product Updates',
  },
  {
    title: 'Filtering Large Models on the Server',
    date: '2024-11-28',
    description:
      'Stop loading a whole hospital model into Excel. Use $filter, $select and $top so the server sends only the elements your report needs.',
    slug: 'filtering-large-models-on-the-server',
    category: 'Business Intelligence',
  },
  {
    title: 'Property Sets and Quantities: Where the Real Data Lives',
    date: '2024-11-24',
    description:
      'Names and types are only the start. Pset_WallCommon, base quantities and custom property sets carry the numbers your estimators need.',
    slug: 'property-sets-and-quantities',
    category: 'IFC & OpenBIM',
  },
  {
    title: 'Connecting Tableau to Your Building Model',
    date: '2024-11-20',
    description:
      'Tableau Desktop reads the feed through its OData connector. We cover the URL, the credentials and the localhost pitfall of the public service.',
    slug: 'connecting-tableau-to-your-building-model',
    category: 'Business Intelligence',
  },
  {
    title: 'Introducing AEC Con-Tech Data Tools',
    date: '2024-11-15',
    description:
      'Why we started building data tools for architecture, engineering and construction teams, and what the first one, the IFC to OData connector, does today.',
    slug: 'introducing-aec-con-tech-data-tools',
    category: 'Product Updates',
  },
];
