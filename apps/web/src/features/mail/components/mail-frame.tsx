import { Box, Code, ScrollArea, Tabs } from '@mantine/core';
import { IconCode, IconTextCaption } from '@tabler/icons-react';
import classes from './mail.module.css';

interface MailViewProps {
  subject: string;
  html: string;
  text: string;
}

/**
 * A message as recipients see it. The HTML runs in an empty sandbox (no scripts, no forms, its own
 * origin), so a message can never act on the app around it.
 */
export function MailView({ subject, html, text }: MailViewProps) {
  return (
    <Tabs defaultValue="html" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="html" leftSection={<IconCode size={16} aria-hidden />}>
          HTML
        </Tabs.Tab>
        <Tabs.Tab value="text" leftSection={<IconTextCaption size={16} aria-hidden />}>
          Plain text
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="html" pt="md">
        <Box className={classes.frameBox}>
          <iframe title={`HTML version of “${subject}”`} sandbox="" srcDoc={html} className={classes.frame} />
        </Box>
      </Tabs.Panel>
      <Tabs.Panel value="text" pt="md">
        <ScrollArea.Autosize mah={640} type="auto">
          <Code block className={classes.text}>
            {text}
          </Code>
        </ScrollArea.Autosize>
      </Tabs.Panel>
    </Tabs>
  );
}
