import { IconShieldLock } from '@tabler/icons-react';
import { BrandMark } from '../../../components/ui/brand-mark';
import { SkipLink } from '../../../components/ui/skip-link';
import classes from './respondent-page.module.css';
import { RespondentScreen } from './respondent-screen';

/**
 * The whole respondent page of the lean entry (decision 019): the app's 'mobile-scrollable' layout
 * with the respondent bar (the brand and a reminder that answers are anonymous), drawn without the
 * app's router and layouts, around the same RespondentScreen the app shows.
 */
export function RespondentPage() {
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <div className={classes.brand}>
            <BrandMark />
            <span className={classes.wordmark}>TeenVoice</span>
          </div>
          <div className={classes.anonymous}>
            <IconShieldLock size={18} aria-hidden="true" />
            <span>Anonymous survey</span>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <div className={classes.container}>
          <RespondentScreen />
        </div>
      </main>
    </div>
  );
}
