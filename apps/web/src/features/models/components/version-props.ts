import type { VersionDto } from '@aec/contracts';

/** What a version's parts need: where it lives, its model's name for their labels, and who is looking. */
export type VersionProps = {
  projectId: string;
  modelId: string;
  modelName: string;
  version: VersionDto;
  isOwner: boolean;
};
