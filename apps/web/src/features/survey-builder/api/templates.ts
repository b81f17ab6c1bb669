import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Survey,
  type SurveyTemplate,
  surveyResponseSchema,
  surveyTemplatesResponseSchema,
} from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

/** GET /v2/templates: the template gallery, with each template's questions and sources. */
export async function getTemplates(signal?: AbortSignal): Promise<SurveyTemplate[]> {
  const body = await backend.get('/v2/templates', signal ? { signal } : {});
  return surveyTemplatesResponseSchema.parse(body).data;
}

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: ['templates'],
    queryFn: ({ signal }) => getTemplates(signal),
    // The gallery ships with the server; it does not change while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTemplates = () => useQuery(templatesQueryOptions());

export interface CreateFromTemplateInput {
  templateId: string;
  organizationId: string | null;
  projectId?: string | null;
}

/** POST /v2/surveys/from-template: a new draft with the template's questions, owned by the caller. */
export async function createFromTemplate(input: CreateFromTemplateInput): Promise<Survey> {
  const body = await backend.post('/v2/surveys/from-template', {
    templateId: input.templateId,
    organizationId: input.organizationId,
    ...(input.projectId ? { projectId: input.projectId } : {}),
  });
  return surveyResponseSchema.parse(body).data;
}

export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromTemplate,
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyQueryKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
