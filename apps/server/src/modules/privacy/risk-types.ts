import type { incidentCategories, incidentSeverities } from '@tv/contract';

export type IncidentCategory = (typeof incidentCategories)[number];
export type IncidentSeverity = (typeof incidentSeverities)[number];

export interface RiskSignal {
  category: IncidentCategory;
  severity: IncidentSeverity;
}

/** Patterns per category, written in the mini-syntax of `compilePattern` (normalize.ts). */
export type Lexicon = Record<IncidentCategory, string[]>;
