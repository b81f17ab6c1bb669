import { type Audience, defaultAudience, type Estimate, estimateAudience } from '@tv/contract';

export const usd = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export interface SurveyPrice {
  /** The audience priced: the survey's own, or the suggested one the audience tab shows until one is chosen. */
  audience: Audience;
  /** True while the survey has no audience of its own and the suggested one is priced. */
  suggested: boolean;
  questionCount: number;
  estimate: Estimate;
}

/**
 * The one price of a survey in the builder: the at-a-glance panel, the audience tab and the publish
 * tab all show this figure, so they never disagree (before an audience is chosen, each prices the
 * suggested one and says so).
 */
export function surveyPrice(audience: Audience | null, questionCount: number): SurveyPrice {
  const priced = audience ?? defaultAudience;
  return {
    audience: priced,
    suggested: audience === null,
    questionCount,
    estimate: estimateAudience(priced, questionCount),
  };
}
