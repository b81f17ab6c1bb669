/** The 50 states and DC by census region: the audience's geography and the respondent's screener. */
export const statesByRegion: Record<'northeast' | 'midwest' | 'south' | 'west', readonly string[]> = {
  northeast: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA'],
  midwest: ['IL', 'IN', 'MI', 'OH', 'WI', 'IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD'],
  south: [
    'DE',
    'FL',
    'GA',
    'MD',
    'NC',
    'SC',
    'VA',
    'DC',
    'WV',
    'AL',
    'KY',
    'MS',
    'TN',
    'AR',
    'LA',
    'OK',
    'TX',
  ],
  west: ['AZ', 'CO', 'ID', 'MT', 'NV', 'NM', 'UT', 'WY', 'AK', 'CA', 'HI', 'OR', 'WA'],
};

/** Two-letter codes, sorted. */
export const usStates: readonly string[] = Object.values(statesByRegion).flat().sort();

const known = new Set(usStates);
export const isUsState = (code: string) => known.has(code);
