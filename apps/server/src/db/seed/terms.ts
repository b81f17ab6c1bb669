export const CURRENT_TERMS_VERSION = '2026-09-01T00:00:00.000Z';

export const CURRENT_TERMS = `# TeenVoice Terms and Conditions

Last updated {versionTimestamp}.

## 1. Who we are
TeenVoice provides software that organisations use to create surveys for young people aged 13 to 19,
have them reviewed by our moderation team, and analyse the answers.

## 2. Your account
You are responsible for keeping your password safe and for what is done with your account. Tell us at
once if you think someone else has used it.

## 3. Surveys for young people
Every survey is reviewed before it is published. You agree not to ask respondents for personal data
(names, contact details, school, photos) and to follow our content guidelines on sensitive topics.
We may reject, pause or close a survey that puts respondents at risk.

## 4. Responses and results
Responses are anonymous. Results are shown only in groups of at least five respondents. You may use
results for the purpose you described when you submitted the survey.

## 5. Safeguarding
Open answers are checked for signs that a young person may be at risk. When that happens our trained
moderators follow our safeguarding procedure. Organisations never receive information that identifies
a respondent.

## 6. Payment
Prices for audiences and research reports are shown before you pay, in US dollars.

## 7. Changes
We will tell you about material changes to these terms before they take effect. Continuing to use
TeenVoice after that means you accept the new terms.
`;
