import { api } from '@/lib/api-client';
import type { DemoResult } from '../types';

export type DemoEndpoint = 'create-sample' | 'create-demo';

export async function createDemo(endpoint: DemoEndpoint): Promise<DemoResult> {
  const { data } = await api.post<DemoResult>(`/api/ifc/odata/${endpoint}`);
  if (!data.success) throw new Error(data.message || 'Failed to create demo data');
  return data;
}

/** The spec's order: create-sample first, create-demo if that fails. No invented result after. */
export async function createSampleThenDemo(): Promise<DemoResult> {
  try {
    return await createDemo('create-sample');
  } catch {
    return createDemo('create-demo');
  }
}
