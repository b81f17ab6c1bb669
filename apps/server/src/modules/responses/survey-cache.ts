import type { Question } from '@tv/contract';
import type { Db } from '../../db/client';
import { findSurvey, listQuestions, type SurveyRow } from '../surveys/service';

// The survey and its questions as the respondent's hot path reads them: from short-lived caches, so a
// burst of submissions does not read the same rows again for each one.

export function createSurveyCache(db: Db) {
  /**
   * The survey row, read at most once a second per survey on the hot path. A stale status is harmless:
   * the counter update inside the transaction only counts while the survey is really live.
   */
  const surveyCache = new Map<string, { row: SurveyRow | null; at: number }>();
  async function recentSurvey(id: string) {
    const hit = surveyCache.get(id);
    if (hit && Date.now() - hit.at < 1_000) return hit.row;
    const row = await findSurvey(db, id);
    if (surveyCache.size > 1_000) surveyCache.clear();
    surveyCache.set(id, { row, at: Date.now() });
    return row;
  }

  /** Questions of a survey version; a live survey cannot be edited, so they are cached by version. */
  const questionCache = new Map<string, Question[]>();
  async function questionsOf(survey: SurveyRow) {
    const key = `${survey.id}:${survey.version}`;
    let list = questionCache.get(key);
    if (!list) {
      list = await listQuestions(db, survey.id);
      if (questionCache.size > 500) questionCache.clear();
      questionCache.set(key, list);
    }
    return list;
  }

  return { recentSurvey, questionsOf };
}

export type SurveyCache = ReturnType<typeof createSurveyCache>;
