import { questionTypes } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import {
  filterLabels,
  filterQuery,
  filtersFromSearch,
  isClosedFilterType,
  isRefusedFilter,
  narrowsGroup,
  resultsSearch,
  searchFromFilters,
} from './filters';

describe('results filters', () => {
  it('builds the summary query, cross-tab as questionId:optionId', () => {
    expect(
      filterQuery({
        ageMin: 13,
        ageMax: 15,
        gender: 'female',
        answer: { questionId: 'clubs', optionId: 'weekly' },
        textSearch: ' bus ',
      }),
    ).toEqual({
      ageMin: 13,
      ageMax: 15,
      gender: 'female',
      region: undefined,
      answer: 'clubs:weekly',
      textSearch: 'bus',
    });
    expect(filterQuery({ gender: '', textSearch: '  ' })).toEqual({
      ageMin: undefined,
      ageMax: undefined,
      gender: undefined,
      region: undefined,
      answer: undefined,
      textSearch: undefined,
    });
  });

  it('tells group filters from a text search', () => {
    expect(narrowsGroup({ textSearch: 'bus' })).toBe(false);
    expect(narrowsGroup({ region: 'west' })).toBe(true);
  });

  it('describes the group in words', () => {
    expect(filterLabels({ ageMin: 14, ageMax: 14, gender: 'non_binary', region: 'west' })).toEqual([
      'Age 14',
      'Non-binary',
      'West',
    ]);
    expect(filterLabels({ ageMin: 16 })).toEqual(['Ages 16 and over']);
    expect(filterLabels({ answer: { questionId: 'q', optionId: 'o' } }, () => '“Yes” to Q1')).toEqual([
      '“Yes” to Q1',
    ]);
  });
});

describe('results filters in the URL', () => {
  it('reads valid params and drops malformed ones', () => {
    expect(
      resultsSearch({ ageMin: '14', ageMax: 13, gender: 'female', region: 'Mars', answer: 'q1:a', q: 'bus' }),
    ).toEqual({ ageMin: 14, gender: 'female', answer: 'q1:a', q: 'bus' });
    expect(resultsSearch({ ageMin: 99, answer: 'nocolon', q: 'x'.repeat(201) })).toEqual({});
  });

  it('round-trips filters through the URL', () => {
    const filters = {
      ageMin: 13,
      ageMax: 15,
      gender: 'male',
      region: 'west',
      answer: { questionId: 'clubs', optionId: 'weekly' },
      textSearch: 'bus',
    };
    expect(filtersFromSearch(resultsSearch({ ...searchFromFilters(filters) }))).toEqual(filters);
    expect(searchFromFilters({})).toEqual({});
  });

  it('offers only closed questions as filters: never open text or a typed-in number (decision 034)', () => {
    expect(questionTypes.filter(isClosedFilterType)).toEqual([
      'single_choice',
      'multiple_choice',
      'dropdown',
      'image_choice',
    ]);
    for (const type of ['short_text', 'long_text', 'number']) expect(isClosedFilterType(type)).toBe(false);
  });

  it('knows the server’s refusal of a filter from other errors', () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'FILTER_NOT_CLOSED',
      message:
        "Results can be filtered only by a closed question's options; open-text answers can't be used as a filter.",
    };
    expect(isRefusedFilter(new HttpError(400, 'refused', body))).toBe(true);
    expect(isRefusedFilter(new HttpError(400, 'bad', { ...body, code: 'VALIDATION' }))).toBe(false);
    expect(isRefusedFilter(new HttpError(403, 'small', { ...body, code: 'GROUP_TOO_SMALL' }))).toBe(false);
    expect(isRefusedFilter(new Error('network'))).toBe(false);
  });
});
