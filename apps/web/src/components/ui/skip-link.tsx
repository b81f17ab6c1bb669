import type { MouseEvent } from 'react';
import { focusMain } from '../../lib/focus-main';
import classes from './skip-link.module.css';

/**
 * Moves focus into the main landmark without changing the URL hash (which would count as a navigation).
 * The respondent page gives its words in the survey's language.
 */
export function SkipLink({ label = 'Skip to main content' }: { label?: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    if (focusMain()) event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is an anchor by convention and works without scripts too.
    <a href="#main" className={classes.link} onClick={skip}>
      {label}
    </a>
  );
}
