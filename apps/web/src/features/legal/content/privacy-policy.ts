import type { LegalDocument } from './types';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'June 2024',
  updatedIso: '2024-06',
  intro:
    'This policy explains what personal data AEC Con-Tech Data Tools collects when you visit our website or use the platform, why we collect it, and the choices you have.',
  sections: [
    {
      heading: 'Data we collect',
      paragraphs: ['We collect only what we need to run the service:'],
      items: [
        'Account data: your username, email address and a hashed password (we never store the password itself).',
        'Project data: the IFC files you upload and the element, property and spatial data extracted from them.',
        'Usage data: server logs with request times, IP addresses and error details, kept to operate and secure the service.',
        'Newsletter: the email address you subscribe with, if you choose to.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'Account data lets you sign in and lets us contact you about your account. Project data is processed only to produce the OData feeds you request. Usage data helps us keep the service available and find faults. We do not sell personal data, and we do not use your models to train any product.',
      ],
    },
    {
      heading: 'Your models stay yours',
      paragraphs: [
        'Projects are private to the account that uploaded them. BI tools can read a feed only with your username and a feed token you create and can revoke. The demo project is the only public data.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        "The web app stores your sign-in token and your theme choice in your browser's local storage, and the application sidebar state in a cookie. We use no advertising or third-party tracking cookies.",
      ],
    },
    {
      heading: 'Retention and deletion',
      paragraphs: [
        'You can delete your account from your profile at any time; your account data and projects are then removed. Server logs are kept for no longer than 90 days. You can unsubscribe from the newsletter with the link in every email.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Depending on where you live you may have the right to access, correct, export or erase your personal data, and to object to its processing. Email support@aecdatatools.com and we will answer within 30 days.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change this policy we update the date at the top of this page and, for significant changes, tell account holders by email.',
      ],
    },
  ],
};
