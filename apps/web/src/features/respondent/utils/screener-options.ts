import { genders, usStates } from '@tv/contract';

type Gender = (typeof genders)[number];

/**
 * The audience labels ('Girls', 'Boys', …) describe groups; a teen answers about themself. Keyed
 * by the contract's genders so a new one cannot be forgotten here.
 */
export const genderChoices: Record<Gender, string> = {
  female: 'Girl',
  male: 'Boy',
  non_binary: 'Non-binary',
  prefer_to_self_describe: 'I describe myself another way',
};
export const genderOptions = genders.map((value) => ({ value, label: genderChoices[value] }));

/** 12 and 20 let a younger or older visitor answer honestly; the server then screens them out. */
export const ageOptions = [
  { value: '12', label: '12 or younger' },
  ...[13, 14, 15, 16, 17, 18, 19].map((age) => ({ value: String(age), label: String(age) })),
  { value: '20', label: '20 or older' },
];

const stateNames: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
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
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Every state the panel covers, by name, in alphabetical order of the name. */
export const stateOptions = usStates
  .map((code) => ({ value: code, label: stateNames[code] ?? code }))
  .sort((a, b) => a.label.localeCompare(b.label));
