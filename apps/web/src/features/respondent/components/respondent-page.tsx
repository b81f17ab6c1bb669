// biome-ignore-all assist/source/organizeImports: the lean bundle's module order, explained below.
// BrandMark and SkipLink come before the respondent code, as before that code moved to components/:
// the lean bundle keeps modules in import order, and this one keeps its stylesheet byte for byte and
// its script about 80 bytes (gzip) smaller than the sorted one (decision 019's budget).
import { IconShieldLock } from '@tabler/icons-react';
import type { SurveyLanguage } from '@tv/contract';
import { useEffect, useState } from 'react';
import { BrandMark } from '../../../components/ui/brand-mark';
import { SkipLink } from '../../../components/ui/skip-link';
import { respondentTexts } from '../../../components/respondent/utils/respondent-texts';
import { PageLanguageReport } from '../../../components/respondent/respondent-language';
import classes from './respondent-page.module.css';
import { RespondentScreen } from './respondent-screen';

/**
 * The whole respondent page of the lean entry (decision 019): the app's 'mobile-scrollable' layout
 * with the respondent bar (the brand and a reminder that answers are anonymous), drawn without the
 * app's router and layouts, around the same RespondentScreen the app shows. The bar speaks the
 * survey's language: a Spanish screen is Spanish from top to bottom.
 */
export function RespondentPage() {
  const [lang, setLang] = useState<SurveyLanguage>('en');
  // The tab's title is the first thing a screen reader reads: in the survey's language too.
  useEffect(() => {
    document.title = respondentTexts[lang].pageTitle;
  }, [lang]);
  return (
    <PageLanguageReport.Provider value={setLang}>
      <div className={classes.page}>
        <SkipLink label={respondentTexts[lang].skipToContent} />
        <header className={classes.header}>
          <div className={classes.headerInner}>
            <div className={classes.brand}>
              <BrandMark />
              <span className={classes.wordmark}>TeenVoice</span>
            </div>
            <div className={classes.anonymous}>
              <IconShieldLock size={18} aria-hidden="true" />
              <span>{respondentTexts[lang].anonymousSurvey}</span>
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className={classes.main}>
          <div className={classes.container}>
            <RespondentScreen />
          </div>
        </main>
      </div>
    </PageLanguageReport.Provider>
  );
}
