/**
 * The terms of use: the one document sign-up asks people to accept and `/legal/terms-of-use` shows.
 * Changing the text needs a new version timestamp, so everyone is asked to accept the new text.
 */
export const CURRENT_TERMS_VERSION = '2026-11-16T00:00:00.000Z';

export const CURRENT_TERMS = `# TeenVoice Terms and Conditions

Last updated {versionTimestamp}.

These terms apply to everyone who uses the TeenVoice website and platform. By creating an account you
agree to them.

## 1. Who we are
TeenVoice provides software that organizations use to create surveys for young people aged 13 to 19,
have them reviewed by our moderation team, and analyze the answers.

## 2. Your account
Accounts are for individual people: please keep your password to yourself. You are responsible for
keeping it safe and for what is done with your account. Tell us at once if you think someone else has
used it.

## 3. Acceptable research
You may use TeenVoice to design, run and analyze research with young people in line with these terms,
our safeguarding policy and the law. Every survey is reviewed before it is published, and it must be
suitable for 13 to 19 year-olds. Surveys may not ask respondents for identifying information (names,
contact details, school, photos), promote products to respondents, attempt to contact respondents
outside the platform, or explore sensitive topics without the support our moderators require. You
agree to follow our content guidelines on sensitive topics.
Our moderators may ask for changes to a survey, decline it, or pause or close it while it runs if it
breaks these rules or puts respondents at risk.

## 4. Responses and results
Responses are anonymous. Results are shown only in groups of at least five respondents. You may use
results for the purpose you described when you submitted the survey.

## 5. Your content and ours
You own your questionnaires and the results of your surveys. You give us the rights we need to host,
moderate and deliver them. Published TeenVoice research remains ours; you may quote it with
attribution.

## 6. Safeguarding
Open answers are checked for signs that a young person may be at risk. When that happens our trained
moderators follow our safeguarding procedure. Organizations never receive information that identifies
a respondent.

## 7. Payment
Prices for audiences and research reports are shown in US dollars before you pay. Our commercial terms
and conditions also apply to everything you buy.

## 8. Availability and liability
We work hard to keep TeenVoice available and accurate, and we announce planned maintenance in advance.
To the extent the law allows, we are not liable for indirect losses arising from use of the platform.

## 9. Changes
We will tell you about material changes to these terms before they take effect. Continuing to use
TeenVoice after that means you accept the new terms.
`;
