import { SimpleMessage } from '../layout';
import { defineTemplate } from '../registry';

const sampleSurvey = {
  surveyName: 'After-school activities 2026',
  organizationName: 'Northside Youth Trust',
  surveyUrl: 'http://localhost:3000/research/builder/survey/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b',
};

interface SurveyMailProps {
  firstName: string | null;
  surveyName: string;
  organizationName: string | null;
  surveyUrl: string;
}

const hi = (firstName: string | null) => `Hi ${firstName ?? 'there'},`;
const inOrg = (organizationName: string | null) => (organizationName ? ` for ${organizationName}` : '');

export const newSurveyCreated = defineTemplate<SurveyMailProps & { typeLabel: string }>({
  name: 'survey/new-survey-created',
  description: 'Sent to the author when they start a new survey.',
  subject: () => 'Your new survey is ready to build',
  component: ({ firstName, surveyName, organizationName, surveyUrl, typeLabel }) => (
    <SimpleMessage
      preview="Add questions, choose your audience, then submit it for review."
      heading="Your survey is ready to build"
      paragraphs={[
        hi(firstName),
        `You started a ${typeLabel.toLowerCase()}, "${surveyName}"${inOrg(organizationName)}. Add your questions, choose the teens you want to hear from, and submit it for review when it is ready. Everything saves as you go.`,
      ]}
      action={{ label: 'Open the survey', href: surveyUrl }}
    />
  ),
  sample: { firstName: 'Jordan', typeLabel: 'Survey', ...sampleSurvey },
});

export const surveySubmitted = defineTemplate<SurveyMailProps>({
  name: 'survey/survey-submitted',
  description: 'Sent to the author when their survey is submitted for moderation.',
  subject: () => 'Your survey was submitted for review',
  component: ({ firstName, surveyName, surveyUrl }) => (
    <SimpleMessage
      preview="Our moderators usually review surveys within one working day."
      heading="Your survey is with our moderators"
      paragraphs={[
        hi(firstName),
        `"${surveyName}" is now in moderation. Our team checks every survey so it is safe and suitable for 13–19 year-olds. We usually reply within one working day, and we will email you either way.`,
        'While it is in moderation the survey cannot be edited.',
      ]}
      action={{ label: 'View the survey', href: surveyUrl }}
    />
  ),
  sample: { firstName: 'Jordan', ...sampleSurvey },
});

export const surveyReadyForModeration = defineTemplate<
  SurveyMailProps & { moderationUrl: string; flagCount: number }
>({
  name: 'survey/survey-ready-for-moderation',
  description: 'Sent to platform moderators when a survey is waiting for review.',
  subject: () => 'Review needed: a survey is waiting',
  component: ({ firstName, surveyName, organizationName, moderationUrl, flagCount }) => (
    <SimpleMessage
      preview="A survey is waiting in the moderation queue."
      heading="A survey needs review"
      paragraphs={[
        hi(firstName),
        `"${surveyName}"${inOrg(organizationName)} was submitted for moderation. The automated pre-check raised ${flagCount === 0 ? 'no flags' : `${flagCount} flag${flagCount === 1 ? '' : 's'}`}.`,
      ]}
      action={{ label: 'Review the survey', href: moderationUrl }}
    />
  ),
  sample: {
    firstName: 'Hana',
    flagCount: 2,
    moderationUrl:
      'http://localhost:3000/research/builder/admin/survey/moderation/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b',
    ...sampleSurvey,
  },
});

export const surveyApproved = defineTemplate<SurveyMailProps>({
  name: 'survey/survey-approved',
  description: 'Sent to the author when a moderator approves their survey.',
  subject: () => 'Your survey was approved',
  component: ({ firstName, surveyName, surveyUrl }) => (
    <SimpleMessage
      preview="Your survey passed moderation and will be published shortly."
      heading="Your survey was approved"
      paragraphs={[
        hi(firstName),
        `Good news: "${surveyName}" passed moderation. Our team will publish it to your audience shortly, and you will hear from us when the first responses arrive.`,
      ]}
      action={{ label: 'View the survey', href: surveyUrl }}
    />
  ),
  sample: { firstName: 'Jordan', ...sampleSurvey },
});

export const surveyRejected = defineTemplate<SurveyMailProps & { reasons: string[]; note: string | null }>({
  name: 'survey/survey-rejected',
  description: 'Sent to the author when a moderator asks for changes, with the reasons.',
  subject: () => 'Changes needed before your survey can go live',
  component: ({ firstName, surveyName, surveyUrl, reasons, note }) => (
    <SimpleMessage
      preview="Our moderators asked for a few changes."
      heading="A few changes are needed"
      paragraphs={[
        hi(firstName),
        `Our moderators reviewed "${surveyName}" and asked for these changes before it can be published:`,
        ...reasons.map((reason) => `• ${reason}`),
        ...(note ? [`Note from the moderator: ${note}`] : []),
        'Make the changes in the editor, then submit the survey again.',
      ]}
      action={{ label: 'Edit the survey', href: surveyUrl }}
    />
  ),
  sample: {
    firstName: 'Jordan',
    reasons: ['Question 3 asks which school the respondent attends, which can identify them.'],
    note: 'Everything else looks great.',
    ...sampleSurvey,
  },
});

export const surveyReadyToPublish = defineTemplate<SurveyMailProps>({
  name: 'survey/survey-ready-to-publish',
  description: 'Sent to platform staff who publish when a survey is approved.',
  subject: () => 'Ready to publish: a survey is waiting',
  component: ({ firstName, surveyName, organizationName, surveyUrl }) => (
    <SimpleMessage
      preview="An approved survey is waiting to be published."
      heading="A survey is ready to publish"
      paragraphs={[
        hi(firstName),
        `"${surveyName}"${inOrg(organizationName)} was approved and is ready to go live.`,
      ]}
      action={{ label: 'Open the survey', href: surveyUrl }}
    />
  ),
  sample: { firstName: 'Marcus', ...sampleSurvey },
});

export const statusUpdates = defineTemplate<SurveyMailProps & { statusLabel: string; detail: string }>({
  name: 'survey/status-updates',
  description: 'Sent to the author when their survey goes live, is paused, resumed or closed.',
  subject: ({ statusLabel }) => `Your survey is now ${statusLabel.toLowerCase()}`,
  component: ({ firstName, surveyName, surveyUrl, statusLabel, detail }) => (
    <SimpleMessage
      preview={`Status: ${statusLabel}`}
      heading={`Your survey is now ${statusLabel.toLowerCase()}`}
      paragraphs={[hi(firstName), `"${surveyName}": ${detail}`]}
      action={{ label: 'View the survey', href: surveyUrl }}
    />
  ),
  sample: {
    firstName: 'Jordan',
    statusLabel: 'Live',
    detail: 'teens in your audience can answer it now. We will email you when the first responses arrive.',
    ...sampleSurvey,
  },
});

export const surveyUserAdded = defineTemplate<SurveyMailProps & { addedBy: string; roleName: string }>({
  name: 'survey/survey-user-added',
  description: 'Sent to someone given access to one survey.',
  subject: () => 'A survey was shared with you on TeenVoice',
  component: ({ firstName, surveyName, surveyUrl, addedBy, roleName }) => (
    <SimpleMessage
      preview="You can now work on a survey."
      heading="A survey was shared with you"
      paragraphs={[hi(firstName), `${addedBy} gave you ${roleName} access to "${surveyName}".`]}
      action={{ label: 'Open the survey', href: surveyUrl }}
    />
  ),
  sample: { firstName: 'Alex', addedBy: 'Priya Shah', roleName: 'Editor', ...sampleSurvey },
});

export const newSurveyUsersAdded = defineTemplate<SurveyMailProps & { names: string[] }>({
  name: 'survey/new-survey-users-added',
  description: 'Sent to the survey owner when people are given access to their survey.',
  subject: () => 'New collaborators on your survey',
  component: ({ firstName, surveyName, surveyUrl, names }) => (
    <SimpleMessage
      preview="People were added to your survey."
      heading="New collaborators"
      paragraphs={[hi(firstName), `These people can now work on "${surveyName}": ${names.join(', ')}.`]}
      action={{ label: 'Open the survey', href: surveyUrl }}
    />
  ),
  sample: { firstName: 'Jordan', names: ['Alex Morgan', 'Nia Brooks'], ...sampleSurvey },
});

export const userPermissionChangedInSurvey = defineTemplate<
  SurveyMailProps & { oldRoleName: string; newRoleName: string; changedBy: string }
>({
  name: 'survey/user-permission-changed',
  description: 'Sent to a collaborator when their role on a survey changes.',
  subject: () => 'Your access to a survey changed',
  component: ({ firstName, surveyName, surveyUrl, oldRoleName, newRoleName, changedBy }) => (
    <SimpleMessage
      preview="What you can do on a survey changed."
      heading="Your survey access changed"
      paragraphs={[
        hi(firstName),
        `${changedBy} changed your role on "${surveyName}" from ${oldRoleName} to ${newRoleName}.`,
      ]}
      action={{ label: 'Open the survey', href: surveyUrl }}
    />
  ),
  sample: {
    firstName: 'Alex',
    oldRoleName: 'Viewer',
    newRoleName: 'Editor',
    changedBy: 'Priya Shah',
    ...sampleSurvey,
  },
});

export const newProjectCreated = defineTemplate<{
  firstName: string | null;
  projectName: string;
  organizationName: string;
  createdBy: string;
  builderUrl: string;
}>({
  name: 'project/new-project-created',
  description: "Sent to an organization's admins when a project is created.",
  subject: () => 'A new project was created in your organization',
  component: ({ firstName, projectName, organizationName, createdBy, builderUrl }) => (
    <SimpleMessage
      preview="Surveys in it are grouped together in the builder."
      heading="A new project was created"
      paragraphs={[
        hi(firstName),
        `${createdBy} created the project "${projectName}" in ${organizationName}. Surveys in it are grouped together in the builder.`,
      ]}
      action={{ label: 'Open the builder', href: builderUrl }}
    />
  ),
  sample: {
    firstName: 'Priya',
    projectName: 'Wellbeing 2026',
    organizationName: 'Northside Youth Trust',
    createdBy: 'Jordan Lee',
    builderUrl: 'http://localhost:3000/research/builder',
  },
});

export const newProjectUsersAdded = defineTemplate<{
  firstName: string | null;
  projectName: string;
  addedBy: string;
  builderUrl: string;
}>({
  name: 'project/new-project-users-added',
  description: 'Sent to someone added to a project.',
  subject: () => 'You were added to a project on TeenVoice',
  component: ({ firstName, projectName, addedBy, builderUrl }) => (
    <SimpleMessage
      preview="Its surveys now show in your builder."
      heading="You were added to a project"
      paragraphs={[
        hi(firstName),
        `${addedBy} added you to "${projectName}". Its surveys now show in your builder.`,
      ]}
      action={{ label: 'Open the builder', href: builderUrl }}
    />
  ),
  sample: {
    firstName: 'Alex',
    projectName: 'Wellbeing 2026',
    addedBy: 'Priya Shah',
    builderUrl: 'http://localhost:3000/research/builder',
  },
});
