import { ifcVersionList } from '@aec/contracts';
import { claims } from './claims';

export type FaqEntry = { question: string; answer: string };

/** `limitWords`: this server's upload limit in words ("100 MB" by default). */
export const landingFaqFor = (limitWords: string): FaqEntry[] => [
  {
    question: 'What does AEC Con-Tech Data Tools do?',
    answer:
      'It turns an IFC building model into an OData v4.0 endpoint that Tableau, Power BI and Excel can read: every element with its storey, type, material, properties and quantities.',
  },
  {
    question: 'Which IFC versions are supported?',
    answer: `${ifcVersionList('and')} files exported from Revit, ArchiCAD, Tekla, Allplan and other authoring tools, up to ${limitWords} per upload.`,
  },
  {
    question: 'Which BI tools can read the feed?',
    answer:
      'Any OData v4 client: Tableau, Power BI and Excel all connect to the feed URL and follow its paging automatically.',
  },
  {
    question: 'Is there a free trial?',
    answer: `Yes. Every plan starts with a ${claims.trialDays}-day free trial, and no credit card is required to sign up.`,
  },
  {
    question: 'Is my model data private?',
    answer:
      'Yes. Projects are visible only to your account; BI tools sign in with your username and a revocable feed token.',
  },
  {
    question: 'Do you offer annual billing?',
    answer: `Yes. Paying annually saves ${claims.annualDiscountPercent}% compared with monthly billing, on every plan.`,
  },
];
