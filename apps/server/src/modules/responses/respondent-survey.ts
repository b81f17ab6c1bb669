import {
  type CheckAnswerResult,
  offeredLanguages,
  orderForHelp,
  type PublicSurvey,
  pruneTranslations,
  type Question,
  type ResponseOutcome,
  regionOf,
  respondentMinutes,
  responseMessages,
  type ScreenerAnswers,
  type SubmitOutcome,
  supportServicesFor,
} from '@tv/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import type { supportFor } from '../safeguarding/service';
import { findSurvey, listQuestions, type SurveyRow } from '../surveys/service';
import type { ResponsesDeps } from './deps';
import {
  deviceAlreadyAnswered,
  deviceHashOf,
  isIssuedDeviceToken,
  issueDeviceToken,
  quotaFull,
  signStartToken,
} from './fieldwork';
import { screenOutcome } from './quality';
import type { SurveyCache } from './survey-cache';

// The survey as a respondent meets it before sending the answers: the public survey, the screener
// step, one open answer checked as it is left, and the outcomes a respondent is told (submission.ts
// sends the answers).

export const publicStatus = (status: string): PublicSurvey['status'] | null => {
  if (status === 'live') return 'live';
  if (status === 'paused') return 'paused';
  if (['complete', 'in_review', 'results_ready', 'archived'].includes(status)) return 'closed';
  return null;
};

export const notFound = () =>
  new HttpError(404, 'We could not find this survey. Check the link you were given.', 'SURVEY_NOT_FOUND');

/** The questions whose answers are written text: the ones safeguarding reads (short and long text). */
export const openTextTypes = new Set(['short_text', 'long_text']);

/** The languages offered and, with Spanish, its texts (decision 033); English only when incomplete. */
export function spanishVersion(row: SurveyRow, questionList: Question[]) {
  const survey = { name: row.name, description: row.description, questions: questionList };
  const languages = offeredLanguages(survey, row.translations);
  const es = languages.includes('es') ? pruneTranslations(survey, row.translations).es : undefined;
  return { languages, ...(es ? { translations: { es } } : {}) };
}

/**
 * With support: the help screen names the services for the categories raised, gravest first, in
 * the answer's language (Spanish only, on a Spanish screen).
 */
export const outcome = (
  kind: ResponseOutcome,
  support: ReturnType<typeof supportFor> = null,
  screen: 'en' | 'es' = 'en',
): SubmitOutcome => ({
  outcome: kind,
  message: responseMessages[kind],
  showSupport: support !== null,
  helpResources: support ? supportServicesFor(support.categories, support.language, screen) : [],
  helpCategories: support ? orderForHelp(support.categories) : [],
  helpLanguage: support?.language ?? 'en',
});

export async function storeNonCompletion(
  tx: Db,
  surveyId: string,
  clientResponseId: string,
  screener: ScreenerAnswers,
  status: 'screened_out' | 'quota_full',
) {
  await tx
    .insert(surveyResponses)
    .values({
      surveyId,
      clientResponseId,
      status,
      age: screener.age,
      gender: screener.gender,
      state: screener.state.toUpperCase(),
      region: regionOf(screener.state) ?? 'unknown',
    })
    .onConflictDoNothing();
}

export async function existingOutcome(tx: Db, surveyId: string, clientResponseId: string) {
  const [existing] = await tx
    .select({ status: surveyResponses.status, answers: surveyResponses.answers })
    .from(surveyResponses)
    .where(
      and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.clientResponseId, clientResponseId)),
    );
  return existing ?? null;
}

export function createRespondentSurvey(
  deps: Pick<ResponsesDeps, 'db' | 'safeguarding'>,
  secret: Uint8Array,
  cache: SurveyCache,
) {
  const { db } = deps;
  const { recentSurvey, questionsOf } = cache;

  async function publicSurvey(id: string): Promise<PublicSurvey> {
    const row = await findSurvey(db, id);
    const status = row ? publicStatus(row.status) : null;
    if (!row || !status) throw notFound();
    const questionList = status === 'live' ? await listQuestions(db, id) : [];
    const audience = row.audience;
    return {
      id: row.id,
      type: row.type,
      name: row.name,
      description: row.description,
      status,
      questionCount: questionList.length,
      estimatedMinutes: respondentMinutes(questionList.length),
      questions: questionList,
      // A single-use start and a device identity, both the server's (issue 23); the page keeps the
      // first device it is given.
      ...(status === 'live'
        ? { startToken: signStartToken(secret, row.id), deviceToken: issueDeviceToken(secret) }
        : {}),
      // The Spanish version only when every text is translated (decision 033).
      ...spanishVersion(row, questionList),
      screener: {
        ageMin: audience?.ageMin ?? 13,
        ageMax: audience?.ageMax ?? 19,
        genders: audience?.genders ?? [],
        states: audience?.states ?? [],
        regions: audience?.regions ?? [],
      },
    };
  }

  /** The screener step: tells the respondent at once whether the survey is for them. */
  async function screen(
    surveyId: string,
    clientResponseId: string,
    screener: ScreenerAnswers,
    deviceToken?: string,
  ): Promise<SubmitOutcome> {
    return db.transaction(async (tx) => {
      const survey = await findSurvey(tx, surveyId);
      if (!survey || !publicStatus(survey.status)) throw notFound();
      const previous = await existingOutcome(tx, surveyId, clientResponseId);
      if (previous) return outcome(previous.status);
      if (survey.status !== 'live') return outcome('closed');
      if (
        isIssuedDeviceToken(secret, deviceToken) &&
        !survey.audience?.allowRepeatResponses &&
        (await deviceAlreadyAnswered(tx, surveyId, deviceHashOf(deviceToken)))
      ) {
        return outcome('already_taken');
      }
      if (screenOutcome(survey.audience, screener) === 'screened_out') {
        await storeNonCompletion(tx, surveyId, clientResponseId, screener, 'screened_out');
        return outcome('screened_out');
      }
      if (survey.audience && (await quotaFull(tx, surveyId, survey.audience, screener))) {
        await storeNonCompletion(tx, surveyId, clientResponseId, screener, 'quota_full');
        return outcome('quota_full');
      }
      return outcome('eligible');
    });
  }

  /**
   * One open answer checked as the respondent leaves it (decision 035): what it raises, gravest
   * first, and its language, so the page can offer help before the next question. Nothing is
   * written, and nothing of the text is kept or logged: it is classified and forgotten.
   */
  async function checkAnswer(surveyId: string, questionId: string, text: string): Promise<CheckAnswerResult> {
    const survey = await recentSurvey(surveyId);
    const status = survey ? publicStatus(survey.status) : null;
    if (!survey || !status) throw notFound();
    if (status !== 'live') throw new HttpError(409, responseMessages.closed, 'SURVEY_NOT_LIVE');
    const question = (await questionsOf(survey)).find((q) => q.id === questionId);
    if (!question || !openTextTypes.has(question.type)) {
      const message = question
        ? 'This question of the survey does not take a written answer.'
        : 'That is not a question of this survey.';
      throw new HttpError(
        400,
        `Some of the details you sent need another look: questionId (${message}).`,
        'VALIDATION_FAILED',
        {
          fields: { questionId: [message] },
        },
      );
    }
    // The same assessment as a submission's (the safeguarding service's classifier), for one answer.
    const { support } = deps.safeguarding.screen([question], { [question.id]: text });
    return support
      ? { categories: orderForHelp(support.categories), language: support.language }
      : { categories: [], language: 'en' };
  }

  return { publicSurvey, screen, checkAnswer };
}
