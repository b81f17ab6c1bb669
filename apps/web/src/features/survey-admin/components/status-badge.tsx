export const surveyTypeLabels = {
  long_form: 'Long form',
  pulse_check: 'Pulse check',
  custom: 'Custom',
} as const;
