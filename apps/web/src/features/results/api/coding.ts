import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CodingResponse,
  codeResponseSchema,
  codingResponseSchema,
  type OpenTextCode,
} from '@tv/contract';
import { backend } from '../../../lib/backend-client';

// Coding open text (decision 046): a question's codes, its answers to code, and the changes to both.

export interface CodingView {
  search: string;
  /** A code's id, 'uncoded', or undefined for every answer. */
  code: string | undefined;
  page: number;
  includeSimulated: boolean | undefined;
}

const base = (surveyId: string) => `/v2/surveys/${surveyId}/results`;
export const codingKey = (surveyId: string, questionId: string) =>
  ['surveys', 'results', surveyId, 'coding', questionId] as const;
export const PAGE_SIZE = 25;

export async function getCoding(
  surveyId: string,
  questionId: string,
  view: CodingView,
  signal?: AbortSignal,
): Promise<CodingResponse> {
  const body = await backend.get(`${base(surveyId)}/questions/${questionId}/coding`, {
    query: {
      search: view.search.trim() || undefined,
      code: view.code,
      page: view.page,
      pageSize: PAGE_SIZE,
      includeSimulated: view.includeSimulated ? 'true' : undefined,
    },
    ...(signal ? { signal } : {}),
  });
  return codingResponseSchema.parse(body);
}

export const useCoding = (surveyId: string, questionId: string, view: CodingView, enabled = true) =>
  useQuery({
    queryKey: [...codingKey(surveyId, questionId), view] as const,
    queryFn: ({ signal }) => getCoding(surveyId, questionId, view, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** After a change, the coding screen and every results view (charts, filters, cross-tabs) read again. */
function useRefresh(surveyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['surveys', 'results', surveyId] });
}

export function useCreateCode(surveyId: string, questionId: string) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: async (label: string): Promise<OpenTextCode> =>
      codeResponseSchema.parse(
        await backend.post(`${base(surveyId)}/questions/${questionId}/codes`, { label }),
      ).data,
    onSuccess: refresh,
  });
}

export function useRenameCode(surveyId: string) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: async ({ codeId, label }: { codeId: string; label: string }) =>
      codeResponseSchema.parse(await backend.patch(`${base(surveyId)}/codes/${codeId}`, { label })).data,
    onSuccess: refresh,
  });
}

export function useDeleteCode(surveyId: string) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: async (codeId: string) => {
      await backend.delete(`${base(surveyId)}/codes/${codeId}`);
    },
    onSuccess: refresh,
  });
}

export function useSetAnswerCodes(surveyId: string, questionId: string) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: async ({ responseId, codeIds }: { responseId: string; codeIds: string[] }) => {
      await backend.put(`${base(surveyId)}/questions/${questionId}/answers/${responseId}/codes`, { codeIds });
    },
    onSuccess: refresh,
  });
}
