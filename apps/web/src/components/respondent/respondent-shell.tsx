import type { ReactNode } from 'react';
import { RespondentHeadingLevel } from './heading-level';
import classes from './respondent.module.css';

/** The respondent page's surroundings and its card, around each screen of the live page. */
export function RespondentCard({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <div className={classes.card}>{children}</div>
    </div>
  );
}

/** The respondent page's surroundings without the card, for the builder's preview frame. */
export function RespondentShell({
  children,
  headingLevel = 1,
}: {
  children: ReactNode;
  headingLevel?: 1 | 2;
}) {
  return (
    <RespondentHeadingLevel.Provider value={headingLevel}>
      <div className={classes.shell}>{children}</div>
    </RespondentHeadingLevel.Provider>
  );
}
