/** One project as GET /api/ifc/projects returns it (the API's projectSummary). */
export type Project = {
  projectId: string;
  name: string;
  fileName: string;
  status: string;
  schema: string | null;
  fileSize: number;
  elementCount: number;
  propertyCount: number;
  spatialCount: number;
  countsByType: Record<string, number>;
  countsByStorey: Record<string, number>;
  isPublic: boolean;
  error: string | null;
  createdAt: string;
  processedAt: string | null;
  processingMs?: number | null;
};
