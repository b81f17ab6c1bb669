export { emailTemplates, type TemplatePreview, templatePreviews } from './catalog';
export { EmailLayout, emailButton, emailText, SimpleMessage } from './layout';
export { defineTemplate, type EmailTemplate, type RenderedEmail, renderTemplate } from './registry';
