import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { StrapiList, TestimonialAttributes } from '@tv/contract';
import { cms } from '../../../lib/cms-client';

/** GET /cms/api/teenvoice-testimonials, in the order editors gave them. */
export function getTestimonials(signal?: AbortSignal) {
  return cms.get<StrapiList<TestimonialAttributes>>('/api/teenvoice-testimonials', {
    query: { sort: 'order:asc', 'pagination[page]': 1, 'pagination[pageSize]': 12 },
    ...(signal ? { signal } : {}),
  });
}

export const getTestimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['cms', 'testimonials'],
    queryFn: ({ signal }) => getTestimonials(signal),
  });

export const useTestimonials = () => useSuspenseQuery(getTestimonialsQueryOptions());
