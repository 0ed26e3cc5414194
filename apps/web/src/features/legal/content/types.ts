export type LegalSection = { heading: string; paragraphs: string[]; items?: string[] };

export type LegalDocument = {
  title: string;
  /** Human wording of the revision, e.g. 'June 2024' (spec §2 Public routes). */
  updated: string;
  /** ISO month for <time dateTime>. */
  updatedIso: string;
  intro: string;
  sections: LegalSection[];
};
