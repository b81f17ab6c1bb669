import type { IncidentCategory } from '../risk-types';

export interface EvaluationAnswer {
  text: string;
  /** The categories a careful human reviewer would raise; empty for answers that need nothing. */
  labels: IncidentCategory[];
  /** English unless marked. */
  lang?: 'en' | 'es';
}
