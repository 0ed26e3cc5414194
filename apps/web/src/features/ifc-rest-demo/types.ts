import type { ProjectSummary } from '@aec/contracts';
export type RestProject = Pick<
  ProjectSummary,
  | 'projectId'
  | 'name'
  | 'fileName'
  | 'status'
  | 'schema'
  | 'fileSize'
  | 'elementCount'
  | 'propertyCount'
  | 'createdAt'
>;

export type ElementRow = {
  Id: string;
  ExpressId: number;
  GlobalId: string;
  IfcType: string;
  Name: string | null;
  Storey: string | null;
  Material: string | null;
};

export type PropertyRow = {
  Id: string | number;
  SetName: string;
  PropertyName: string;
  Value: string | null;
  Unit: string | null;
};

export const PAGE_SIZE = 50;
