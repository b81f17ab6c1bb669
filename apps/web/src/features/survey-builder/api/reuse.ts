import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CopyQuestions,
  copyQuestionsResponseSchema,
  type QuestionnaireDocument,
  questionnaireDocumentSchema,
  questionnaireFileName,
  type Survey,
  surveyResponseSchema,
} from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

/** POST /v2/surveys/:id/questions/copy: the chosen questions, with fresh ids, at the end of another draft. */
export function useCopyQuestions(sourceSurveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CopyQuestions) => {
      const body = await backend.post(`/v2/surveys/${sourceSurveyId}/questions/copy`, input);
      return copyQuestionsResponseSchema.parse(body).data;
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: surveyQueryKey(result.targetSurveyId) });
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
    },
  });
}

/** GET /v2/surveys/:id/questionnaire.json, saved as a file on this device. */
export async function downloadQuestionnaire(surveyId: string): Promise<QuestionnaireDocument> {
  const body = await backend.get(`/v2/surveys/${surveyId}/questionnaire.json`);
  const document = questionnaireDocumentSchema.parse(body);
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = questionnaireFileName(document.name);
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return document;
}

export interface ImportQuestionnaireInput {
  version: number;
  mode: 'replace' | 'append';
  document: QuestionnaireDocument;
}

/** POST /v2/surveys/:id/questionnaire: the file's questions replace or follow the draft's. */
export function useImportQuestionnaire(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ImportQuestionnaireInput): Promise<Survey> => {
      const body = await backend.post(`/v2/surveys/${surveyId}/questionnaire`, input);
      return surveyResponseSchema.parse(body).data;
    },
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyQueryKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
    },
  });
}
