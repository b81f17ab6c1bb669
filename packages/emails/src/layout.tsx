import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

const colors = {
  brand: '#2b8a3e',
  text: '#1f2933',
  muted: '#616e7c',
  border: '#e4e7eb',
  background: '#f5f7fa',
};

export interface EmailLayoutProps {
  preview: string;
  heading: string;
  children: ReactNode;
}

/** The frame every TeenVoice message shares: brand line, heading, body, and why the reader got it. */
export function EmailLayout({ preview, heading, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: colors.background, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}
      >
        <Container style={{ maxWidth: 560, margin: '0 auto', padding: '32px 16px' }}>
          <Text style={{ color: colors.brand, fontWeight: 700, fontSize: 18, margin: '0 0 16px' }}>
            TeenVoice
          </Text>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${colors.border}`,
              borderRadius: 8,
              padding: 24,
            }}
          >
            <Heading as="h1" style={{ color: colors.text, fontSize: 22, margin: '0 0 16px' }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: '24px 0 12px' }} />
          <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>
            You are receiving this because you have a TeenVoice account or were invited to one. TeenVoice
            helps organizations hear from teenagers safely.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const emailText = { color: colors.text, fontSize: 15, lineHeight: '24px' };
export const emailButton = {
  backgroundColor: colors.brand,
  borderRadius: 6,
  color: '#ffffff',
  display: 'inline-block',
  fontSize: 15,
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};

/** The common message: a few paragraphs and, where the reader has something to do, one button. */
export function SimpleMessage(props: {
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  footnote?: string;
}) {
  return (
    <EmailLayout preview={props.preview} heading={props.heading}>
      {props.paragraphs.map((paragraph) => (
        <Text key={paragraph} style={emailText}>
          {paragraph}
        </Text>
      ))}
      {props.action ? (
        <Section style={{ margin: '24px 0' }}>
          <Button href={props.action.href} style={emailButton}>
            {props.action.label}
          </Button>
        </Section>
      ) : null}
      {props.action ? (
        <Text style={{ ...emailText, fontSize: 13, color: colors.muted }}>
          If the button does not work, copy this address into your browser: {props.action.href}
        </Text>
      ) : null}
      {props.footnote ? (
        <Text style={{ ...emailText, fontSize: 13, color: colors.muted }}>{props.footnote}</Text>
      ) : null}
    </EmailLayout>
  );
}
