export type RestProject = {
  projectId: string;
  name: string;
  fileName: string;
  status: string;
  schema: string | null;
  fileSize: number;
  elementCount: number;
  propertyCount: number;
  createdAt: string;
};

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
