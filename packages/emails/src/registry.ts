import { render } from '@react-email/render';
import type { ReactElement } from 'react';

export interface EmailTemplate<Props> {
  /** Path-like name, as used by /mail/preview/{templateName}. */
  name: string;
  description: string;
  subject: (props: Props) => string;
  component: (props: Props) => ReactElement;
  /** Realistic data for the preview. */
  sample: Props;
  /**
   * Props that carry a secret (a password-reset, invitation or sign-in link). The outbox stores the
   * message with them hidden and keeps them, encrypted, only until delivery: staff never read them
   * (decision 023).
   */
  secrets?: readonly (keyof Props & string)[];
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const defineTemplate = <Props>(template: EmailTemplate<Props>) => template;

export async function renderTemplate<Props>(
  template: EmailTemplate<Props>,
  props: Props,
): Promise<RenderedEmail> {
  const element = template.component(props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(props), html, text };
}
