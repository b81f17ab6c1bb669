import type { incidentCategories, incidentSeverities } from '@tv/contract';

export type IncidentCategory = (typeof incidentCategories)[number];
export type IncidentSeverity = (typeof incidentSeverities)[number];

export interface RiskSignal {
  category: IncidentCategory;
  severity: IncidentSeverity;
}

const signals: Array<RiskSignal & { pattern: RegExp }> = [
  {
    category: 'self_harm',
    severity: 'high',
    pattern:
      /\b(kill(ing)? myself|end(ing)? (my|it all)|suicid\w*|want(ed)? to die|don'?t want to (live|be alive|be here)|self[-\s]?harm\w*|cut(ting)? myself|hurt(ing)? myself|overdos\w*|no reason to live|better off dead)\b/i,
  },
  {
    category: 'abuse',
    severity: 'high',
    pattern:
      /\b((he|she|they|my (dad|mom|mum|father|mother|stepdad|stepmom|uncle|brother|coach|teacher|boyfriend|girlfriend)) (hits|beats|hurts|touches|touched|hit|beat|hurt) me|abus(e|ed|ing|es) me|being abused|molest\w*|raped?|forced me to|not safe at home|afraid to go home)\b/i,
  },
  {
    category: 'danger_to_others',
    severity: 'high',
    pattern:
      /\b(kill (him|her|them|someone|everyone|people)|shoot (up|him|her|them|people|the school)|bring a (gun|knife) to school|bomb the|hurt (someone|people|them|him|her) (badly|bad))\b/i,
  },
  {
    category: 'bullying',
    severity: 'medium',
    pattern:
      /\b(bull(y|ied|ies|ying)|picking on me|pick on me|make fun of me|threaten(s|ed|ing)? me|harass(es|ed|ing)? me|everyone hates me|beat me up)\b/i,
  },
];

/** The safeguarding risks an open answer suggests, most serious first. */
export function classifyRisk(text: string): RiskSignal[] {
  const found: RiskSignal[] = [];
  for (const signal of signals) {
    if (signal.pattern.test(text)) found.push({ category: signal.category, severity: signal.severity });
  }
  return found;
}

/** A short excerpt for the moderator: enough to triage, never more than 280 characters. */
export const excerptOf = (text: string) => (text.length > 280 ? `${text.slice(0, 277)}…` : text);
