import { genders } from '@tv/contract';

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
