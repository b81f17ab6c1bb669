import { createContext, useContext } from 'react';

/**
 * The level of the respondent screens' main headings: 1 on the live page, 2 inside the builder's
 * preview, whose own page heading is the level-1 one.
 */
export const RespondentHeadingLevel = createContext<1 | 2>(1);
export const useRespondentHeadingLevel = () => useContext(RespondentHeadingLevel);
