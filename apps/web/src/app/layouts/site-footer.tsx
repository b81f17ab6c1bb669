import { Container, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BrandLogo } from '../../components/ui/brand-logo';
import { useConsentStore } from '../../stores/consent-store';
import classes from './layouts.module.css';

const columns = [
  {
    heading: 'Platform',
    links: [
      { to: '/products', label: 'Products' },
      { to: '/products', hash: 'pulse-check', label: 'Pulse checks' },
      { to: '/research/builder', label: 'Survey builder' },
      { to: '/quality', label: 'Data quality' },
      { to: '/research', label: 'Research library' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about-us', label: 'About us' },
      { to: '/why-us', label: 'Why TeenVoice' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/legal/$page', params: { page: 'privacy-policy' }, label: 'Privacy policy' },
      { to: '/legal/terms-of-use', label: 'Terms of use' },
      { to: '/legal/$page', params: { page: 'safeguarding-policy' }, label: 'Safeguarding policy' },
      { to: '/legal/$page', params: { page: 'cookie-policy' }, label: 'Cookie policy' },
      { to: '/legal/commercial-terms-and-conditions', label: 'Commercial terms' },
    ],
  },
] as const;

export function SiteFooter() {
  const openCookieSettings = useConsentStore((state) => state.openChoices);
  return (
    <footer className={classes.footer} data-site-chrome="">
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing={40}>
          <Stack gap="sm" maw={300}>
            <BrandLogo />
            <Text size="sm" c="dimmed">
              The research platform organizations use to hear from 13–19 year-olds, with consent and
              safeguarding built in.
            </Text>
          </Stack>
          {columns.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <p className={classes.footerHeading}>{column.heading}</p>
              {column.links.map((link) => (
                <Link
                  key={link.label}
                  to={link.to}
                  params={'params' in link ? link.params : undefined}
                  hash={'hash' in link ? link.hash : undefined}
                  className={classes.footerLink}
                >
                  {link.label}
                </Link>
              ))}
              {column.heading === 'Legal' ? (
                <UnstyledButton
                  className={classes.footerLink}
                  onClick={openCookieSettings}
                  aria-haspopup="dialog"
                  data-upgrade="cookie-settings"
                >
                  Cookie settings
                </UnstyledButton>
              ) : null}
            </nav>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt={48} gap="xs">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} TeenVoice. All rights reserved.
          </Text>
          <Text size="xs" c="dimmed">
            Research with young people, done with their consent.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
