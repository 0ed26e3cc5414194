export type Testimonial = { quote: string; name: string; role: string };

export const testimonials: Testimonial[] = [
  {
    quote:
      'We used to export schedules from the model by hand every week. Now our Power BI quantity report refreshes straight from the IFC feed, and nobody re-types door counts anymore.',
    name: 'Maria Lindqvist',
    role: 'BIM Manager, general contractor',
  },
  {
    quote:
      'The OData feed just works in Tableau. Filtering by storey and IFC type on the server means our 90 MB hospital model opens in seconds instead of crashing Excel.',
    name: 'Daniel Okafor',
    role: 'Data Analyst, engineering consultancy',
  },
  {
    quote:
      'For handover we need asset data the facilities team can trust. Having every element with its GlobalId and property sets in one table made our COBie checks a morning job.',
    name: 'Priya Raman',
    role: 'Digital Delivery Lead, owner-operator',
  },
];
