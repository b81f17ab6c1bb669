import { incidentCategories, incidentCategorySeverity, type incidentSeverities } from '@tv/contract';
import { english } from './lexicon-en';
import { spanish } from './lexicon-es';
import { compilePattern, normalize } from './normalize';

export type IncidentCategory = (typeof incidentCategories)[number];
export type IncidentSeverity = (typeof incidentSeverities)[number];

export interface RiskSignal {
  category: IncidentCategory;
  severity: IncidentSeverity;
}

/** Patterns per category, written in the mini-syntax of `compilePattern`. */
export type Lexicon = Record<IncidentCategory, string[]>;

const compiled: Array<{ category: IncidentCategory; patterns: RegExp[] }> = incidentCategories.map(
  (category) => ({
    category,
    patterns: [...english[category], ...spanish[category]].map(compilePattern),
  }),
);

/**
 * Words that turn a disclosure into a denial when they come just before it ('I would never hurt
 * myself', 'nunca me haría daño'). A denial is still raised, one severity lower, for a human to read.
 */
const negation =
  /(?:^| )(?:never|not|dont|wont|wouldnt|didnt|isnt|aint|cant see myself|no longer|nunca|jamas|no)(?: [a-z]+){0,2} $/;
/** Reported speech about someone else ('my friend said she wants to die'): a friend at risk. */
const reported =
  /(?:^| )(?:my (?:friend|best friend|bf|gf|sister|brother|cousin|clasmate)|a friend|mi (?:amiga|amigo|hermana|hermano|prima|primo)|una amiga|un amigo)(?: [a-z]+){0,6} $/;

const severityOrder: Record<IncidentSeverity, number> = { high: 0, medium: 1, low: 2 };
const lower = (s: IncidentSeverity): IncidentSeverity => (s === 'high' ? 'medium' : 'low');

/** The safeguarding risks an open answer suggests, most serious first. */
export function classifyRisk(text: string): RiskSignal[] {
  const normal = normalize(text);
  if (!normal) return [];
  const found: RiskSignal[] = [];
  for (const { category, patterns } of compiled) {
    let best: IncidentSeverity | null = null;
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      for (const match of normal.matchAll(pattern)) {
        const before = `${normal.slice(0, match.index).trimEnd()} `;
        let severity = incidentCategorySeverity[category];
        if (negation.test(before)) severity = lower(severity);
        else if (category === 'self_harm' && reported.test(before)) severity = lower(severity);
        if (best === null || severityOrder[severity] < severityOrder[best]) best = severity;
        if (best === incidentCategorySeverity[category]) break;
      }
      if (best === incidentCategorySeverity[category]) break;
    }
    if (best) found.push({ category, severity: best });
  }
  return found.sort(
    (a, b) =>
      severityOrder[a.severity] - severityOrder[b.severity] ||
      incidentCategories.indexOf(a.category) - incidentCategories.indexOf(b.category),
  );
}

/** A short excerpt for the moderator: enough to triage, never more than 280 characters. */
export const excerptOf = (text: string) => (text.length > 280 ? `${text.slice(0, 277)}…` : text);
