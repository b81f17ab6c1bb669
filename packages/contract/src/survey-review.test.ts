import { describe, expect, it } from 'vitest';
import { estimateAudience, likelyRespondents } from './survey-rules';
import { defaultAudience, notEditableMessages, surveyStatuses, surveyStatusPhrases } from './surveys';

describe('the audience estimate says one figure', () => {
  it('warns with the same number of likely respondents the estimate card shows', () => {
    const audience = { ...defaultAudience, ageMin: 13, ageMax: 13, states: ['VT'], sampleSize: 500 };
    const estimate = estimateAudience(audience, 10);
    const shown = likelyRespondents(estimate.reachable).toLocaleString('en-US');
    expect(estimate.feasible).toBe(false);
    expect(estimate.warnings[0]).toBe(
      `Only about ${shown} teens in this audience are likely to answer, fewer than the 500 responses you asked for; widen the audience or lower the sample size.`,
    );
    // Never the panel-wide count next to a smaller one that both claim to be 'teens who match'.
    expect(estimate.warnings.join(' ')).not.toContain(estimate.reachable.toLocaleString('en-US'));
  });
  it('is feasible exactly when the likely respondents cover the sample', () => {
    for (const sampleSize of [50, 200, 1000, 5000]) {
      const estimate = estimateAudience({ ...defaultAudience, sampleSize }, 10);
      expect(estimate.feasible).toBe(likelyRespondents(estimate.reachable) >= sampleSize);
    }
  });
});

describe('status sentences', () => {
  it('reads as English for every status', () => {
    for (const status of surveyStatuses) {
      expect(`This survey ${surveyStatusPhrases[status]}.`).not.toMatch(/is changes requested|is fieldwork/i);
      expect(notEditableMessages[status]).toMatch(/^(This survey|Changes were requested)/);
    }
    expect(notEditableMessages.complete).toBe('This survey’s fieldwork is complete, so it cannot be edited.');
    expect(notEditableMessages.results_ready).not.toMatch(/in review or live/);
  });
});
