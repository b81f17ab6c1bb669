import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { CommerceError } from './errors';
import {
  type CriteriaOptions,
  echoCriteria,
  listValues,
  matchesEverything,
  pageOf,
  parseMagentoQuery,
  parseSearchCriteria,
} from './search-criteria';

const options: CriteriaOptions = {
  filterFields: ['url_key', 'sku', 'price', 'category_id'],
  sortFields: ['name', 'price'],
  maxPageSize: 1000,
};

const parse = (raw: string) => parseSearchCriteria(parseMagentoQuery(raw).searchCriteria, options);

/** The Magento body a parse fails with. */
function failure(raw: string) {
  try {
    parse(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(CommerceError);
    const commerceError = error as CommerceError;
    return { status: commerceError.statusCode, body: commerceError.toBody() };
  }
  throw new Error(`expected ${raw} to be refused`);
}

describe('parseSearchCriteria', () => {
  it('reads filter groups, sort orders and paging from brackets, encoded or not', () => {
    const raw =
      'searchCriteria[filter_groups][0][filters][0][field]=url_key' +
      '&searchCriteria[filter_groups][0][filters][0][value]=always-on' +
      '&searchCriteria[filter_groups][0][filters][1][field]=sku' +
      '&searchCriteria[filter_groups][0][filters][1][value]=TV-%25' +
      '&searchCriteria[filter_groups][0][filters][1][condition_type]=like' +
      '&searchCriteria[filter_groups][1][filters][0][field]=price' +
      '&searchCriteria[filter_groups][1][filters][0][value]=100' +
      '&searchCriteria[filter_groups][1][filters][0][condition_type]=gteq' +
      '&searchCriteria[sortOrders][0][field]=price&searchCriteria[sortOrders][0][direction]=desc' +
      '&searchCriteria[pageSize]=20&searchCriteria[currentPage]=2';
    const expected = {
      filterGroups: [
        [
          { field: 'url_key', value: 'always-on', conditionType: 'eq' },
          { field: 'sku', value: 'TV-%', conditionType: 'like' },
        ],
        [{ field: 'price', value: '100', conditionType: 'gteq' }],
      ],
      sortOrders: [{ field: 'price', direction: 'DESC' }],
      pageSize: 20,
      currentPage: 2,
    };
    expect(parse(raw)).toEqual(expected);
    // The same query with its brackets percent-encoded, as URLSearchParams and most clients send it.
    const encoded = raw
      .split('&')
      .map((part) => {
        const [key, value] = part.split('=') as [string, string];
        return `${encodeURIComponent(key)}=${value}`;
      })
      .join('&');
    expect(encoded).toContain('%5B');
    expect(parse(encoded)).toEqual(expected);
  });

  it('takes camelCase and snake_case alike, as Magento does', () => {
    const raw = qs.stringify({
      searchCriteria: {
        filterGroups: [{ filters: [{ field: 'sku', value: 'A', conditionType: 'neq' }] }],
        sort_orders: [{ field: 'name' }],
        page_size: '5',
        current_page: '1',
      },
    });
    expect(parse(raw)).toEqual({
      filterGroups: [[{ field: 'sku', value: 'A', conditionType: 'neq' }]],
      sortOrders: [{ field: 'name', direction: 'ASC' }],
      pageSize: 5,
      currentPage: 1,
    });
  });

  it('means everything when nothing is sent, and skips empty groups', () => {
    expect(parse('')).toEqual({ filterGroups: [], sortOrders: [], pageSize: null, currentPage: null });
    expect(parse('storeId=1&currencyCode=USD')).toEqual({
      filterGroups: [],
      sortOrders: [],
      pageSize: null,
      currentPage: null,
    });
    expect(parse('searchCriteria[filter_groups][0][filters]=').filterGroups).toEqual([]);
    expect(pageOf(parse(''), 1000)).toEqual({ limit: 1000, offset: 0 });
    expect(pageOf(parse('searchCriteria[pageSize]=25&searchCriteria[currentPage]=3'), 1000)).toEqual({
      limit: 25,
      offset: 50,
    });
  });

  it('keeps the order of indexes past qs’s array limit', () => {
    const filters = Array.from({ length: 3 }, (_, i) => i * 150);
    const raw = filters
      .map(
        (index, i) =>
          `searchCriteria[filter_groups][0][filters][${index}][field]=sku&` +
          `searchCriteria[filter_groups][0][filters][${index}][value]=S${i}`,
      )
      .join('&');
    expect(parse(raw).filterGroups[0]!.map((filter) => filter.value)).toEqual(['S0', 'S1', 'S2']);
  });

  it('accepts * as a field or a value meaning every row', () => {
    const criteria = parse(
      'searchCriteria[filter_groups][0][filters][0][field]=*' +
        '&searchCriteria[filter_groups][1][filters][0][field]=sku&searchCriteria[filter_groups][1][filters][0][value]=*',
    );
    expect(criteria.filterGroups.flat().every(matchesEverything)).toBe(true);
    expect(matchesEverything({ field: 'sku', value: 'A*', conditionType: 'eq' })).toBe(false);
  });

  it('echoes the criteria in Magento’s shape, with only what was sent', () => {
    expect(echoCriteria(parse(''))).toEqual({ filter_groups: [] });
    expect(
      echoCriteria(
        parse(
          'searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=A' +
            '&searchCriteria[sortOrders][0][field]=name&searchCriteria[pageSize]=3',
        ),
      ),
    ).toEqual({
      filter_groups: [{ filters: [{ field: 'sku', value: 'A', condition_type: 'eq' }] }],
      sort_orders: [{ field: 'name', direction: 'ASC' }],
      page_size: 3,
    });
  });

  it('splits comma lists, trimming and dropping empty items', () => {
    expect(listValues(' A, B,,C ,')).toEqual(['A', 'B', 'C']);
    expect(listValues('')).toEqual([]);
  });

  it('refuses an unknown filter field or condition type with Magento’s messages', () => {
    expect(
      failure(
        'searchCriteria[filter_groups][0][filters][0][field]=color&searchCriteria[filter_groups][0][filters][0][value]=red',
      ),
    ).toEqual({ status: 400, body: { message: 'Invalid filter field: %1', parameters: ['color'] } });
    expect(
      failure(
        'searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][condition_type]=between',
      ),
    ).toEqual({ status: 400, body: { message: 'Invalid condition type: %1', parameters: ['between'] } });
    expect(failure('searchCriteria[filter_groups][0][filters][0][value]=A')).toEqual({
      status: 400,
      body: {
        message: '"%fieldName" is required. Enter and try again.',
        parameters: { fieldName: 'searchCriteria[filter_groups][0][filters][0][field]' },
      },
    });
  });

  it('refuses pages out of range and numbers that are not plain whole numbers', () => {
    for (const [key, value] of [
      ['pageSize', '0'],
      ['pageSize', '1001'],
      ['pageSize', '1e20'],
      ['pageSize', '100000000000000000000'],
      ['pageSize', '2.5'],
      ['pageSize', 'ten'],
      ['currentPage', '-1'],
      ['currentPage', '0'],
      ['currentPage', '99999999999'],
    ]) {
      expect(failure(`searchCriteria[${key}]=${value}`), `${key}=${value}`).toEqual({
        status: 400,
        body: {
          message: 'Invalid value of "%value" provided for the %fieldName field.',
          parameters: { fieldName: `searchCriteria[${key}]`, value },
        },
      });
    }
  });

  it('refuses unknown sort fields, directions and criteria keys', () => {
    expect(failure('searchCriteria[sortOrders][0][field]=color').body.message).toBe(
      'Invalid value of "%value" provided for the %fieldName field.',
    );
    expect(
      failure('searchCriteria[sortOrders][0][field]=name&searchCriteria[sortOrders][0][direction]=sideways'),
    ).toEqual({
      status: 400,
      body: {
        message: 'The sort order "%1" is invalid. Verify the sort order and try again.',
        parameters: ['sideways'],
      },
    });
    expect(failure('searchCriteria[page]=2')).toEqual({
      status: 400,
      body: {
        message:
          'Property "%propertyName" does not have accessor method "%accessorMethod" in class "%className".',
        parameters: {
          propertyName: 'page',
          accessorMethod: 'getPage',
          className: 'Magento\\Framework\\Api\\SearchCriteriaInterface',
        },
      },
    });
  });

  it('refuses NUL bytes, broken escapes, lone surrogates, odd shapes and oversized queries', () => {
    const refused = [
      'searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=A%00B',
      'searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=%E0%A4%A',
      'searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=%ED%A0%80',
      'searchCriteria=everything',
      'searchCriteria[filter_groups]=all',
      'searchCriteria[filter_groups][x][filters][0][field]=sku',
      'searchCriteria[pageSize][]=1',
      'searchCriteria[pageSize]=1&searchCriteria[pageSize]=2',
      'searchCriteria[filter_groups][0][filters][0][field][a][b][c]=sku',
      `searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=${'x'.repeat(1001)}`,
      Array.from({ length: 401 }, (_, i) => `a${i}=1`).join('&'),
      `q=${'x'.repeat(8001)}`,
      Array.from({ length: 21 }, (_, i) => `searchCriteria[filter_groups][${i}][filters][0][field]=sku`).join(
        '&',
      ),
    ];
    for (const raw of refused) expect(failure(raw).status, raw.slice(0, 120)).toBe(400);
  });
});
