import { useQuery } from '@tanstack/react-query';
import { adminContentListSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { shopAdminKey } from './keys';

export interface ReportOption {
  id: number;
  title: string;
  slug: string | null;
  status: string;
}

/**
 * The reports a product can sell, from the staff content API (drafts included, so a product can be
 * prepared before its report is published). Up to 100, newest change first.
 */
export async function getReportOptions(signal?: AbortSignal): Promise<ReportOption[]> {
  const body = await backend.get('/v2/admin/content/report', {
    query: { pageSize: 100 },
    ...(signal ? { signal } : {}),
  });
  return adminContentListSchema.parse(body).data.map((entry) => ({
    id: entry.id,
    title: entry.label || entry.slug || `Report ${entry.id}`,
    slug: entry.slug,
    status: entry.status,
  }));
}

export const useReportOptions = () =>
  useQuery({
    queryKey: [...shopAdminKey, 'reports'],
    queryFn: ({ signal }) => getReportOptions(signal),
    staleTime: 60_000,
  });
