import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconHeartHandshake, IconMessage, IconPhone } from '@tabler/icons-react';
import { type HelpResource, helpResources, helpResourcesEs } from '@tv/contract';
import classes from './respondent.module.css';
import { useRespondentLanguage } from './respondent-language';
import { contactLinks } from './utils/contact-links';
import { contactLabelIn } from './utils/respondent-texts';

/** A service's website when its contact names one ('Report at report.cybertip.org', 'Visit stopbullying.gov'). */
export function websiteOf(contact: string): { href: string; label: string } | null {
  const site = contact.match(/\b((?:[a-z0-9-]+\.)+(?:org|gov)(?:\/[a-z0-9/-]*)?)\b/i)?.[1];
  return site ? { href: `https://${site}`, label: `Visit ${site}` } : null;
}

/** A link label whose phone number, if it ends in one, never breaks across lines ('Llamar al 1-888-373-7888'). */
function keepNumberWhole(label: string) {
  const parts = /^(.*\s)(\S*\d\S*)$/.exec(label);
  if (!parts) return label;
  return (
    <>
      {parts[1]}
      <span className={classes.nowrap}>{parts[2]}</span>
    </>
  );
}

/** The support services, each with one-tap call, text and website links. */
export function HelpResourceList({
  resources,
  headingOrder = 3,
}: {
  resources: readonly HelpResource[];
  headingOrder?: 2 | 3 | 4;
}) {
  const { lang } = useRespondentLanguage();
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="help-resources">
      {resources.map((resource) => {
        const links = contactLinks(resource.contact);
        const website = websiteOf(resource.contact);
        return (
          // A service without a language is in English: said so inside a card in Spanish.
          <li
            key={resource.name}
            className={classes.resource}
            lang={resource.language ?? (lang !== 'en' ? 'en' : undefined)}
          >
            <Title order={headingOrder} fz="md" mb={4}>
              {resource.name}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {resource.description}
            </Text>
            {links.length > 0 || website ? (
              // The link labels are in the page's language ('Call 988', 'Llamar al 988').
              <Group gap="xs" lang={(resource.language ?? 'en') !== lang ? lang : undefined}>
                {website ? (
                  <Button
                    component="a"
                    href={website.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant={links.length ? 'default' : 'filled'}
                    size="sm"
                    className={classes.contactButton}
                    leftSection={<IconExternalLink size={16} aria-hidden />}
                  >
                    {contactLabelIn(website.label, lang)}
                  </Button>
                ) : null}
                {links.map((link) => (
                  <Button
                    key={link.href}
                    component="a"
                    href={link.href}
                    variant={link.kind === 'call' ? 'filled' : 'light'}
                    size="sm"
                    className={classes.contactButton}
                    leftSection={
                      link.kind === 'call' ? (
                        <IconPhone size={16} aria-hidden />
                      ) : (
                        <IconMessage size={16} aria-hidden />
                      )
                    }
                  >
                    {keepNumberWhole(contactLabelIn(link.label, lang))}
                  </Button>
                ))}
              </Group>
            ) : (
              <Text size="sm" fw={600}>
                {resource.contact}
              </Text>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

/** A quiet 'Need to talk to someone?' link, there on every step, opening the support services. */
export function NeedHelpButton() {
  const [opened, modal] = useDisclosure(false);
  const { lang, texts } = useRespondentLanguage();
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconHeartHandshake size={16} aria-hidden />}
        onClick={modal.open}
      >
        {texts.needHelp}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': texts.close }}
        opened={opened}
        onClose={modal.close}
        title={texts.helpTitle}
        centered
        size="md"
      >
        <Stack gap="md">
          <Text size="sm">{texts.helpIntro}</Text>
          <HelpResourceList resources={lang === 'es' ? helpResourcesEs : helpResources} />
        </Stack>
      </Modal>
    </>
  );
}
