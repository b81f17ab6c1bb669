import { describe, expect, it } from 'vitest';
import { incidentsSearch, queueView } from './incidents-search';

const survey = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01';

describe('the safeguarding queue in the URL', () => {
  it('keeps the queue, status tab, filters and page', () => {
    expect(
      incidentsSearch({
        kind: 'concern',
        stage: 'triaged',
        survey,
        category: 'eating_disorder',
        severity: 'medium',
        page: '2',
      }),
    ).toEqual({
      kind: 'concern',
      stage: 'triaged',
      survey,
      category: 'eating_disorder',
      severity: 'medium',
      page: 2,
    });
  });

  it('drops the defaults and anything it does not know, so a hand-edited link shows the widest view', () => {
    expect(incidentsSearch({ kind: 'incident', stage: 'open', page: 1 })).toEqual({});
    expect(
      incidentsSearch({
        kind: 'maybe',
        stage: 'closed',
        survey: '42',
        category: 'sad',
        severity: 9,
        page: 'x',
      }),
    ).toEqual({});
  });

  it('fills the defaults back in for the request', () => {
    expect(queueView({})).toEqual({
      kind: 'incident',
      status: 'open',
      surveyId: undefined,
      category: undefined,
      severity: undefined,
      page: 1,
    });
    expect(queueView({ kind: 'concern', stage: 'resolved', survey, page: 3 })).toMatchObject({
      kind: 'concern',
      status: 'resolved',
      surveyId: survey,
      page: 3,
    });
  });
});
