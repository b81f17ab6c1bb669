import { type Survey, surveyDefaults } from '@tv/contract';

/**
 * A survey just created and never saved since: still at its first version, with the default name of
 * its type (spec §3). Its name field opens focused with the name selected, so typing replaces it.
 */
export const isNewSurvey = (survey: Pick<Survey, 'version' | 'type' | 'name'>) =>
  survey.version === 1 &&
  [surveyDefaults(survey.type, false).name, surveyDefaults(survey.type, true).name].includes(survey.name);
