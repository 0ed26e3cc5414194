import { uploadLimitsOf } from '@aec/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { UPLOAD_LIMITS_QUERY_KEY } from '@/lib/api/upload-limits';

/**
 * Tests only: renders `node` to its text, with GET /api/ifc/limits already answered with `maxUploadMb`, or not yet
 * (undefined), as the screens that state the upload limit see it.
 */
export function renderWithUploadLimit(node: ReactNode, maxUploadMb?: number): string {
  const client = new QueryClient();
  if (maxUploadMb !== undefined) client.setQueryData(UPLOAD_LIMITS_QUERY_KEY, uploadLimitsOf(maxUploadMb));
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}
