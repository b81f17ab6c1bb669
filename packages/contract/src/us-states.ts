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

/** Each state's name, by its two-letter code. */
export const usStateNames: Readonly<Record<string, string>> = {
  AK: 'Alaska',
  AL: 'Alabama',
  AR: 'Arkansas',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DC: 'District of Columbia',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  IA: 'Iowa',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  ME: 'Maine',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  MS: 'Mississippi',
  MT: 'Montana',
  NC: 'North Carolina',
  ND: 'North Dakota',
  NE: 'Nebraska',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NV: 'Nevada',
  NY: 'New York',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VA: 'Virginia',
  VT: 'Vermont',
  WA: 'Washington',
  WI: 'Wisconsin',
  WV: 'West Virginia',
  WY: 'Wyoming',
};

export const usStateName = (code: string) => usStateNames[code] ?? code;

/** A labelled state for the company form's select (spec §5: state is an object with a label). */
export const usStateOptions: readonly { value: string; label: string }[] = usStates
  .map((code) => ({ value: code, label: usStateName(code) }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const usStateOptionFor = (code: string | null) =>
  usStateOptions.find((option) => option.value === code);
