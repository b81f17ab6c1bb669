import type { MouseEvent } from 'react';
import classes from './layouts.module.css';

/** Moves focus into the main landmark without changing the URL hash (which would count as a navigation). */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main');
    if (!main) return;
    event.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: 'start' });
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is an anchor by convention and works without scripts too.
    <a href="#main" className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
