import './zod-messages';

export * from './commerce';
export * from './content';
export * from './errors';
export * from './feature-flags';
export * from './fieldwork';
export * from './identity';
export * from './leads';
export * from './marketing';
export * from './permissions';
export * from './platform';
export * from './responses';
export * from './results';
export * from './survey-review';
export * from './survey-rules';
export * from './surveys';
export * from './us-states';
export { genericMessage } from './zod-messages';
