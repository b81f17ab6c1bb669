import { SimpleMessage } from '../layout';
import { defineTemplate } from '../registry';

const sample = {
  firstName: 'Jordan',
  surveyName: 'After-school activities 2026',
  surveyUrl: 'http://localhost:3000/research/builder/survey/summary/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b',
};
const hi = (firstName: string | null) => `Hi ${firstName ?? 'there'},`;

interface ResultsMailProps {
  firstName: string | null;
  surveyName: string;
  surveyUrl: string;
}

export const previewResponses = defineTemplate<ResultsMailProps>({
  name: 'results/preview-responses',
  description: 'Sent to the author when the first responses arrive.',
  subject: () => 'The first responses to your survey are in',
  component: ({ firstName, surveyName, surveyUrl }) => (
    <SimpleMessage
      preview="Take an early look while fieldwork continues."
      heading="Your first responses are in"
      paragraphs={[
        hi(firstName),
        `Teens have started answering "${surveyName}". You can follow the totals as they grow; breakdowns appear once each group has at least five respondents.`,
      ]}
      action={{ label: 'Preview responses', href: surveyUrl }}
    />
  ),
  sample,
});

export const surveyComplete = defineTemplate<ResultsMailProps & { responses: number }>({
  name: 'results/survey-complete',
  description: 'Sent to the author when fieldwork ends (sample size reached or closed).',
  subject: () => 'Fieldwork for your survey is complete',
  component: ({ firstName, surveyName, surveyUrl, responses }) => (
    <SimpleMessage
      preview={`${responses} teens answered.`}
      heading="Fieldwork is complete"
      paragraphs={[
        hi(firstName),
        `"${surveyName}" collected ${responses.toLocaleString('en-US')} responses. Our team now checks response quality (speeders, straight-lining, duplicates) before releasing the results, usually within two working days.`,
      ]}
      action={{ label: 'View the survey', href: surveyUrl }}
    />
  ),
  sample: { ...sample, responses: 300 },
});

export const reviewResponses = defineTemplate<ResultsMailProps & { flagged: number; reviewUrl: string }>({
  name: 'results/review-responses',
  description: 'Sent to platform staff when a completed survey needs its quality review.',
  subject: () => 'Quality review needed for a survey',
  component: ({ firstName, surveyName, flagged, reviewUrl }) => (
    <SimpleMessage
      preview={`${flagged} responses were flagged automatically.`}
      heading="Responses to review"
      paragraphs={[
        hi(firstName),
        `Fieldwork for "${surveyName}" has ended. ${flagged} response${flagged === 1 ? ' was' : 's were'} flagged as a possible speeder, straight-liner or duplicate. Exclude what should not count, with a reason, then release the results.`,
      ]}
      action={{ label: 'Review responses', href: reviewUrl }}
    />
  ),
  sample: {
    ...sample,
    firstName: 'Hana',
    flagged: 12,
    reviewUrl:
      'http://localhost:3000/research/builder/survey/summary/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b#review',
  },
});

export const reviewResults = defineTemplate<ResultsMailProps>({
  name: 'results/review-results',
  description: 'Sent to the author when their results enter the quality review.',
  subject: () => 'Your survey results are being checked',
  component: ({ firstName, surveyName, surveyUrl }) => (
    <SimpleMessage
      preview="We check every response before results are released."
      heading="Your results are in review"
      paragraphs={[
        hi(firstName),
        `We are checking the quality of the responses to "${surveyName}". Responses that should not count are excluded with a reason; nothing is deleted. We will email you as soon as the results are ready.`,
      ]}
      action={{ label: 'View the survey', href: surveyUrl }}
    />
  ),
  sample,
});

export const surveyResults = defineTemplate<ResultsMailProps & { responses: number }>({
  name: 'results/survey-results',
  description: 'Sent to the author when the results are released.',
  subject: () => 'Your survey results are ready',
  component: ({ firstName, surveyName, surveyUrl, responses }) => (
    <SimpleMessage
      preview="Explore the charts, filter by audience and download the data."
      heading="Your results are ready"
      paragraphs={[
        hi(firstName),
        `The results of "${surveyName}" are ready: ${responses.toLocaleString('en-US')} checked responses. Explore the charts, compare groups, download the data, and turn what you learn into an action plan.`,
      ]}
      action={{ label: 'See the results', href: surveyUrl }}
    />
  ),
  sample: { ...sample, responses: 288 },
});

/**
 * A results file prepared in the background is ready (issue 27, decision 050). The link opens the results
 * page, where the person who started the export downloads it while signed in: never the file itself,
 * and nothing in the message opens it for anyone else.
 */
export const exportReady = defineTemplate<ResultsMailProps & { formatLabel: string; responses: number }>({
  name: 'results/export-ready',
  description: 'Sent to the person who started a large export when its file is ready to download.',
  subject: () => 'Your export is ready to download',
  component: ({ firstName, surveyName, surveyUrl, formatLabel, responses }) => (
    <SimpleMessage
      preview={`${responses.toLocaleString('en-US')} response${responses === 1 ? '' : 's'}, ready to download for 24 hours.`}
      heading="Your export is ready"
      paragraphs={[
        hi(firstName),
        `The ${formatLabel} you asked for of "${surveyName}" is ready: ${responses.toLocaleString('en-US')} response${responses === 1 ? '' : 's'}. Open the results page while signed in to download it. The file is kept for 24 hours, then deleted.`,
      ]}
      action={{ label: 'Open the results page', href: surveyUrl }}
    />
  ),
  sample: { ...sample, formatLabel: 'CSV file', responses: 1_000_000 },
});

export const incidentNotification = defineTemplate<{
  firstName: string | null;
  surveyName: string;
  categoryLabel: string;
  severity: string;
  incidentsUrl: string;
}>({
  name: 'safeguarding/incident-notification',
  description: 'Sent to platform moderators when an answer raises a safeguarding concern.',
  subject: ({ severity, categoryLabel }) =>
    `[${severity.toUpperCase()}] Safeguarding concern: ${categoryLabel}`,
  component: ({ firstName, surveyName, categoryLabel, severity, incidentsUrl }) => (
    <SimpleMessage
      preview="An answer needs a moderator's attention."
      heading="A safeguarding concern was raised"
      paragraphs={[
        hi(firstName),
        `An open answer to "${surveyName}" suggests ${categoryLabel.toLowerCase()} (severity: ${severity}). The respondent was shown support services straight away. They are anonymous; please triage the incident following the safeguarding procedure.`,
      ]}
      action={{ label: 'Open incidents', href: incidentsUrl }}
    />
  ),
  sample: {
    firstName: 'Hana',
    surveyName: 'After-school activities 2026',
    categoryLabel: 'Bullying',
    severity: 'medium',
    incidentsUrl: 'http://localhost:3000/research/builder/admin/incidents',
  },
});

export const incidentResolution = defineTemplate<{
  firstName: string | null;
  surveyName: string;
  categoryLabel: string;
  resolvedBy: string;
  resolution: string;
  incidentsUrl: string;
}>({
  name: 'safeguarding/incident-resolution',
  description: 'Sent to platform moderators when an incident is resolved, for the record.',
  subject: ({ categoryLabel }) => `Resolved: safeguarding concern (${categoryLabel})`,
  component: ({ firstName, surveyName, categoryLabel, resolvedBy, resolution, incidentsUrl }) => (
    <SimpleMessage
      preview="A moderator resolved an incident."
      heading="A safeguarding incident was resolved"
      paragraphs={[
        hi(firstName),
        `${resolvedBy} resolved the ${categoryLabel.toLowerCase()} concern raised on "${surveyName}".`,
        `Resolution: ${resolution}`,
      ]}
      action={{ label: 'Open incidents', href: incidentsUrl }}
    />
  ),
  sample: {
    firstName: 'Hana',
    surveyName: 'After-school activities 2026',
    categoryLabel: 'Bullying',
    resolvedBy: 'Marcus Bell',
    resolution:
      'Reviewed with the safeguarding lead; support resources were shown; no further action possible as responses are anonymous.',
    incidentsUrl: 'http://localhost:3000/research/builder/admin/incidents',
  },
});

export const incidentEscalation = defineTemplate<{
  firstName: string | null;
  surveyName: string;
  categoryLabel: string;
  severity: string;
  escalatedBy: string;
  incidentsUrl: string;
}>({
  name: 'safeguarding/incident-escalation',
  description:
    'Sent to platform moderators when a moderator escalates a possible concern (an answer just below the raise threshold) to an incident.',
  subject: ({ severity, categoryLabel }) =>
    `[${severity.toUpperCase()}] Safeguarding concern escalated: ${categoryLabel}`,
  component: ({ firstName, surveyName, categoryLabel, severity, escalatedBy, incidentsUrl }) => (
    <SimpleMessage
      preview="A possible concern is now an incident."
      heading="A possible concern was escalated to an incident"
      paragraphs={[
        hi(firstName),
        `${escalatedBy} read an open answer to "${surveyName}" that the scan held as a possible concern, and escalated it to an incident: it suggests ${categoryLabel.toLowerCase()} (severity: ${severity}).`,
        'The respondent was not shown support services for it, since it was not raised when they answered. They are anonymous; please triage the incident following the safeguarding procedure.',
      ]}
      action={{ label: 'Open incidents', href: incidentsUrl }}
    />
  ),
  sample: {
    firstName: 'Hana',
    surveyName: 'After-school activities 2026',
    categoryLabel: 'Eating disorder',
    severity: 'medium',
    escalatedBy: 'Marcus Bell',
    incidentsUrl: 'http://localhost:3000/research/builder/admin/incidents',
  },
});

export const actionPlan = defineTemplate<{
  senderName: string;
  surveyName: string;
  planTitle: string;
  message: string | null;
  actions: { title: string; owner: string | null; dueDate: string | null; status: string }[];
  planUrl: string;
}>({
  name: 'results/action-plan',
  description: 'An action plan shared by email from a survey’s results.',
  subject: () => 'An action plan was shared with you on TeenVoice',
  component: ({ senderName, surveyName, planTitle, message, actions, planUrl }) => (
    <SimpleMessage
      preview="Actions, owners and dates from a survey's results."
      heading="An action plan was shared with you"
      paragraphs={[
        `${senderName} shared this action plan, based on the results of "${surveyName}".`,
        `Plan: ${planTitle}`,
        // Their words, quoted and named as theirs: never the subject or the sender.
        ...(message ? [`Message from ${senderName}: “${message}”`] : []),
        ...actions.map(
          (a) =>
            `• ${a.title}${a.owner ? ` — ${a.owner}` : ''}${a.dueDate ? `, due ${a.dueDate}` : ''} (${a.status.replace('_', ' ')})`,
        ),
      ]}
      action={{ label: 'Open the action plan', href: planUrl }}
    />
  ),
  sample: {
    senderName: 'Priya Shah',
    surveyName: 'After-school activities 2026',
    planTitle: 'More clubs teens actually want',
    message: 'Here is what we agreed after Tuesday’s meeting.',
    actions: [
      {
        title: 'Pilot a coding club on Wednesdays',
        owner: 'Jordan Lee',
        dueDate: '2026-12-15',
        status: 'in_progress',
      },
      {
        title: 'Ask the council about late buses',
        owner: 'Priya Shah',
        dueDate: '2027-01-10',
        status: 'not_started',
      },
    ],
    planUrl:
      'http://localhost:3000/research/builder/survey/summary/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b#action-plan',
  },
});
