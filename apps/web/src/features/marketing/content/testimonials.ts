export type Testimonial = { quote: string; name: string; role: string };

export const testimonials: Testimonial[] = [
  {
    quote:
      'We used to export schedules by hand every week. Now our Power BI quantity report refreshes straight from the IFC feed.',
    name: 'Maria Lindqvist',
    role: 'BIM Manager, general contractor',
  },
  {
    quote:
      'The feed just works in Tableau. Filtering on the server means our 90 MB hospital model opens in seconds instead of crashing Excel.',
    name: 'Daniel Okafor',
    role: 'Data Analyst, engineering consultancy',
  },
  {
    quote:
      'Every element with its GlobalId and property sets in one table turned our COBie handover checks into a morning job.',
    name: 'Priya Raman',
    role: 'Digital Delivery Lead, owner-operator',
  },
];
