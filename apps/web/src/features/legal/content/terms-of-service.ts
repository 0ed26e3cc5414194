import type { LegalDocument } from './types';

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: 'June 2024',
  updatedIso: '2024-06',
  intro:
    'These terms govern your use of the AEC Con-Tech Data Tools website and platform. By creating an account or using the service you agree to them.',
  sections: [
    {
      heading: 'Eligibility',
      paragraphs: [
        'You must be 18 years or older to use the service. By creating an account you confirm that you are at least 18 and, if you act for a company, that you may bind it to these terms.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Keep your password and feed tokens secret; you are responsible for activity under your account. Tell us promptly at support@aecdatatools.com if you suspect misuse.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You keep all rights to the models and data you upload. You grant us only the permission needed to store, process and serve them back to you and to the BI tools you authorise. You must have the right to upload every file you provide.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['You agree not to:'],
      items: [
        'upload files that contain malware or that you have no right to share;',
        "try to access other users' projects or bypass authentication;",
        'overload the service, for example with automated requests beyond normal BI refreshes;',
        'resell the service without a written agreement with us.',
      ],
    },
    {
      heading: 'Plans, trials and billing',
      paragraphs: [
        'Paid plans start with a 30-day free trial that needs no credit card. After the trial, plans are billed monthly or annually in advance; annual billing carries a 20% discount. You can cancel at any time, effective at the end of the current billing period.',
      ],
    },
    {
      heading: 'Availability',
      paragraphs: [
        'We aim for 99.9% monthly uptime of hosted feeds. Service levels with credits are part of Enterprise agreements only.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'The service presents data extracted from the models you provide; check it before relying on it for design, cost or safety decisions. To the extent the law allows, our liability is limited to the fees you paid in the twelve months before a claim.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We may update these terms and will post the new date on this page. Questions about these terms: support@aecdatatools.com.',
      ],
    },
  ],
};
