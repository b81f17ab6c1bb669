import { createContext, useContext } from 'react';
import { englishNewTypeTexts, type NewTypeTexts } from './new-type-texts';

/**
 * The words the question field adds around a question (decision 033): English by default (builder,
 * moderation, results), the respondent's language on the respondent page.
 */
export interface RendererTexts {
  yes: string;
  no: string;
  chooseAnswer: string;
  rankIntro: string;
  moveUp: (label: string) => string;
  moveDown: (label: string) => string;
  moved: (label: string, position: number, total: number) => string;
  orderIsRight: string;
  typeAnswer: string;
  enterNumber: string;
  required: string;
  /** The label of an 'Other, please specify' text box. */
  pleaseSpecify?: string;
  /** How many options a multiple-choice question takes, e.g. 'Choose 2 to 3.' */
  selectionHint?: (min: number | null, max: number | null) => string;
  /** The words of the question types of decision 048; English when left out. */
  newTypes?: NewTypeTexts;
}

export const englishRendererTexts: RendererTexts = {
  yes: 'Yes',
  no: 'No',
  chooseAnswer: 'Choose an answer',
  rankIntro: 'Put these in order, most important first.',
  moveUp: (label) => `Move ${label} up`,
  moveDown: (label) => `Move ${label} down`,
  moved: (label, position, total) => `${label} moved to position ${position} of ${total}.`,
  orderIsRight: 'This order is right',
  typeAnswer: 'Type your answer',
  enterNumber: 'Enter a number',
  required: ' (required)',
  pleaseSpecify: 'Please specify',
  selectionHint: (min, max) => selectionHint(min, max),
  newTypes: englishNewTypeTexts,
};

/** 'Choose at least 2.', 'Choose up to 3.', 'Choose 2 to 3.' or 'Choose exactly 2.' */
export function selectionHint(min: number | null, max: number | null): string {
  if (min && max) return min === max ? `Choose exactly ${min}.` : `Choose ${min} to ${max}.`;
  if (min) return `Choose at least ${min}.`;
  return max ? `Choose up to ${max}.` : '';
}

export const RendererTextsContext = createContext<RendererTexts>(englishRendererTexts);
export const useRendererTexts = () => useContext(RendererTextsContext);
