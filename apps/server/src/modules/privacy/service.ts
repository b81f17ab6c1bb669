// ── What other modules use of privacy: they import this file, never the module's others ─────────────
//
// Privacy decides what of a teen's answer may reach an organisation: the safeguarding layer's risk
// classification (decision 036), and the redaction of personal data in what moderators release.
// Results and safeguarding both use it; it uses neither (decision 039).

import { assessRisk } from './classifier';

export {
  answerLanguage,
  assessRisk,
  classifyRisk,
  excerptOf,
  modelVersion,
  type RiskAssessment,
} from './classifier';
export { type AnswerReviewState, disclosedText, redactPersonalData } from './redaction';
export type { IncidentCategory, IncidentSeverity, RiskSignal } from './risk-types';

/**
 * Whether an open answer is kept from the organisation until a moderator decides: it raised a
 * concern, or scored in the grey band just below (a 'possible concern').
 */
export function isWithheldText(text: string): boolean {
  const known = withheldByText.get(text);
  if (known !== undefined) return known;
  const { raised, concerns } = assessRisk(text);
  const withheld = raised.length > 0 || concerns.length > 0;
  // Summaries and exports ask about every open answer on every read, and answers repeat; the model
  // costs about 0.05 ms an answer, so a bounded memo keeps a large export from paying it each time.
  if (withheldByText.size >= WITHHELD_MEMO_SIZE) withheldByText.clear();
  withheldByText.set(text, withheld);
  return withheld;
}
const WITHHELD_MEMO_SIZE = 20_000;
const withheldByText = new Map<string, boolean>();
