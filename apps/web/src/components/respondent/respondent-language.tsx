import {
  type HelpResource,
  localizeQuestions,
  localizeSurveyTexts,
  type PublicSurvey,
  type SurveyLanguage,
  surveyLanguageNames,
} from '@tv/contract';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { RendererTextsContext } from '../survey-renderer/renderer-texts';
import classes from './respondent-language.module.css';
import { initialLanguage, type RespondentTexts, respondentTexts } from './utils/respondent-texts';

interface LanguageValue {
  lang: SurveyLanguage;
  /** The languages the survey offers: Spanish only when its Spanish version is complete. */
  languages: readonly SurveyLanguage[];
  texts: RespondentTexts;
  choose: (lang: SurveyLanguage) => void;
}

/** English, with nothing to choose: the builder's preview and anything outside a live survey. */
const RespondentLanguageContext = createContext<LanguageValue>({
  lang: 'en',
  languages: ['en'],
  texts: respondentTexts.en,
  choose: () => {},
});

/** The respondent's language and the screens' words in it (decision 033). */
export const useRespondentLanguage = () => useContext(RespondentLanguageContext);

/**
 * How the page's own frame, outside the survey (the lean page's header), learns the language the
 * survey is shown in, so its words are in it too. Nothing listens in the app and the builder.
 */
export const PageLanguageReport = createContext<((lang: SurveyLanguage) => void) | null>(null);

const storageKey = (surveyId: string) => `tv-respond-language:${surveyId}`;

function remembered(surveyId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(surveyId));
  } catch {
    return null;
  }
}

/**
 * A live survey in the respondent's language: the language is chosen on the first screen (or taken
 * from the browser), remembered on this device for the attempt, set as the page's `lang`, and the
 * survey's texts are given in it (English per text where there is no translation).
 */
export function RespondentLanguage({
  survey,
  children,
}: {
  survey: PublicSurvey;
  children: (survey: PublicSurvey) => ReactNode;
}) {
  const languages = useMemo<SurveyLanguage[]>(
    () => (survey.languages?.includes('es') && survey.translations?.es ? ['en', 'es'] : ['en']),
    [survey.languages, survey.translations],
  );
  const [lang, setLang] = useState<SurveyLanguage>(() =>
    initialLanguage(
      languages,
      remembered(survey.id),
      typeof navigator === 'undefined' ? undefined : navigator.language,
    ),
  );
  const current = languages.includes(lang) ? lang : 'en';
  const report = useContext(PageLanguageReport);

  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = current;
    report?.(current);
    return () => {
      root.lang = before || 'en';
      report?.('en');
    };
  }, [current, report]);

  const value = useMemo<LanguageValue>(
    () => ({
      lang: current,
      languages,
      texts: respondentTexts[current],
      choose: (next) => {
        setLang(next);
        try {
          window.localStorage.setItem(storageKey(survey.id), next);
        } catch {
          // Private mode: the choice lasts as long as the page.
        }
      },
    }),
    [current, languages, survey.id],
  );
  const localized = useMemo<PublicSurvey>(() => {
    if (current === 'en') return survey;
    return {
      ...survey,
      ...localizeSurveyTexts(survey, survey.translations, current),
      questions: localizeQuestions(survey.questions, survey.translations, current),
    };
  }, [survey, current]);

  return (
    <RespondentLanguageContext.Provider value={value}>
      <RendererTextsContext.Provider value={value.texts}>{children(localized)}</RendererTextsContext.Provider>
    </RespondentLanguageContext.Provider>
  );
}

/**
 * The language help is offered in: the language of its first service, which is the answer's when the
 * teen wrote in Spanish on an English screen (a Spanish screen offers Spanish services only).
 */
export const helpLanguageOf = (resources: readonly HelpResource[], page: SurveyLanguage): SurveyLanguage =>
  resources[0]?.language ?? page;

/**
 * Help in its own language: a teen who wrote a disclosure in Spanish on an English survey reads the
 * whole card in Spanish (its header, its words and its buttons), not Spanish services under English
 * words. Gives the card's language to put on its element when it differs from the page's.
 */
export function InHelpLanguage({
  resources,
  children,
}: {
  resources: readonly HelpResource[];
  children: (lang: SurveyLanguage | undefined) => ReactNode;
}) {
  const page = useContext(RespondentLanguageContext);
  const lang = helpLanguageOf(resources, page.lang);
  const value = useMemo<LanguageValue>(() => ({ ...page, lang, texts: respondentTexts[lang] }), [page, lang]);
  if (lang === page.lang) return children(undefined);
  return (
    <RespondentLanguageContext.Provider value={value}>{children(lang)}</RespondentLanguageContext.Provider>
  );
}

/** 'English | Español', on the first screen, when the survey offers both. */
export function LanguageSwitch() {
  const { lang, languages, texts, choose } = useRespondentLanguage();
  if (languages.length < 2) return null;
  return (
    <fieldset aria-label={texts.switchLabel} className={classes.languageSwitch} data-testid="language-switch">
      {languages.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === lang}
          className={classes.languageOption}
          onClick={() => choose(option)}
        >
          {surveyLanguageNames[option]}
        </button>
      ))}
    </fieldset>
  );
}
