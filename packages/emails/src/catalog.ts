import { type EmailTemplate, type RenderedEmail, renderTemplate } from './registry';
import { orderConfirmation, orderReceipt } from './templates/commerce';
import { orderCreditNote, orderInvoice } from './templates/commerce-documents';
import { fieldworkCompleteReviewDue, respondentBurst } from './templates/fieldwork';
import {
  organizationExistingUserAdded,
  organizationUserAdded,
  passwordReset,
  passwordResetNoAccount,
  registrationAttempt,
  registrationConfirm,
  userInvitation,
  userPermissionChangedInOrganization,
} from './templates/identity';
import { libraryDownload, newLead } from './templates/leads';
import {
  actionPlan,
  exportReady,
  incidentEscalation,
  incidentNotification,
  incidentResolution,
  previewResponses,
  reviewResponses,
  reviewResults,
  surveyComplete,
  surveyResults,
} from './templates/results';
import {
  newProjectCreated,
  newProjectUsersAdded,
  newSurveyCreated,
  newSurveyUsersAdded,
  statusUpdates,
  surveyApproved,
  surveyReadyForModeration,
  surveyReadyToPublish,
  surveyRejected,
  surveySubmitted,
  surveyUserAdded,
  userPermissionChangedInSurvey,
} from './templates/surveys';

export const emailTemplates = {
  passwordReset,
  passwordResetNoAccount,
  registrationAttempt,
  registrationConfirm,
  userInvitation,
  organizationUserAdded,
  organizationExistingUserAdded,
  userPermissionChangedInOrganization,
  newSurveyCreated,
  surveySubmitted,
  surveyReadyForModeration,
  surveyApproved,
  surveyRejected,
  surveyReadyToPublish,
  statusUpdates,
  surveyUserAdded,
  newSurveyUsersAdded,
  userPermissionChangedInSurvey,
  newProjectCreated,
  newProjectUsersAdded,
  previewResponses,
  surveyComplete,
  fieldworkCompleteReviewDue,
  respondentBurst,
  reviewResponses,
  reviewResults,
  surveyResults,
  exportReady,
  incidentNotification,
  incidentEscalation,
  incidentResolution,
  actionPlan,
  newLead,
  libraryDownload,
  orderConfirmation,
  orderReceipt,
  orderInvoice,
  orderCreditNote,
};

export interface TemplatePreview {
  name: string;
  description: string;
  subject: string;
  render(): Promise<RenderedEmail>;
}

const preview = <Props>(template: EmailTemplate<Props>): TemplatePreview => ({
  name: template.name,
  description: template.description,
  subject: template.subject(template.sample),
  render: () => renderTemplate(template, template.sample),
});

/** Every template the product sends, rendered with its sample data; /mail/preview lists exactly these. */
export const templatePreviews: TemplatePreview[] = Object.values(emailTemplates)
  .map((template) => preview(template as EmailTemplate<unknown>))
  .sort((a, b) => a.name.localeCompare(b.name));
