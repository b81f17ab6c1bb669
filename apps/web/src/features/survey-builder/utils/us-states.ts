import { usStateName, usStates } from '@tv/contract';

export const stateName = usStateName;

/** The states the panel covers, for a searchable picker. */
export const stateOptions = usStates
  .map((code) => ({ value: code, label: `${stateName(code)} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label));
