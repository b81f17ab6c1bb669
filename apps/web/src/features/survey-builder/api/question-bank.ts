import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Question,
  type QuestionBankItem,
  questionBankItemResponseSchema,
  questionBankResponseSchema,
} from '@tv/contract';
import { backend } from '../../../lib/backend-client';

const bankPath = (organizationId: string) => `/v2/organizations/${organizationId}/question-bank`;
const bankKey = (organizationId: string) => ['question-bank', organizationId] as const;

export interface QuestionBankPage {
  items: QuestionBankItem[];
  total: number;
  limit: number;
}

/** GET …/question-bank: the organisation's saved questions, newest first, optionally searched. */
export async function getQuestionBank(
  organizationId: string,
  search: string,
  signal?: AbortSignal,
): Promise<QuestionBankPage> {
  const body = await backend.get(bankPath(organizationId), {
    ...(search.trim() ? { query: { search: search.trim() } } : {}),
    ...(signal ? { signal } : {}),
  });
  const parsed = questionBankResponseSchema.parse(body);
  return { items: parsed.data, total: parsed.meta.total, limit: parsed.meta.limit };
}

export const useQuestionBank = (organizationId: string | null, search: string, enabled = true) =>
  useQuery({
    queryKey: [...bankKey(organizationId ?? ''), { search: search.trim() }],
    queryFn: ({ signal }) => getQuestionBank(organizationId!, search, signal),
    enabled: enabled && Boolean(organizationId),
    placeholderData: keepPreviousData,
  });

export function useSaveToQuestionBank(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { question: Question; tags?: string[] }) => {
      if (!organizationId)
        throw new Error('Move this survey into your organization to use the question bank.');
      const body = await backend.post(bankPath(organizationId), {
        question: input.question,
        tags: input.tags ?? [],
      });
      return questionBankItemResponseSchema.parse(body).data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bankKey(organizationId ?? '') }),
  });
}

export function useDeleteFromQuestionBank(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (itemId: string) => {
      if (!organizationId) throw new Error('This survey has no organization.');
      await backend.delete(`${bankPath(organizationId)}/${itemId}`);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bankKey(organizationId ?? '') }),
  });
}
