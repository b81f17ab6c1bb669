import { Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { BrandMark } from '../../components/ui/brand-mark';
import { ColorModeToggle } from './color-mode-toggle';
import classes from './layouts.module.css';

const promises = [
  'Verified 13–19 year-old panels across all 50 states',
  'Parental consent and teen assent handled for you',
  'Open answers screened for safeguarding risks around the clock',
];

export function LoginAside() {
  return (
    <aside className={classes.loginAside} aria-label="About TeenVoice">
      <Group justify="space-between">
        <Link to="/" className={classes.brandLink} aria-label="TeenVoice home">
          <Group gap={10}>
            <BrandMark />
            <Text component="span" fw={800} fz={20} c="white">
              TeenVoice
            </Text>
          </Group>
        </Link>
        <ColorModeToggle />
      </Group>
      <Stack gap="lg" maw={420}>
        <Title order={2} c="white" fz={32} lh={1.2}>
          Hear what teenagers actually think.
        </Title>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" color="rgba(255,255,255,0.18)">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {promises.map((promise) => (
            <List.Item key={promise}>
              <Text c="rgba(255,255,255,0.9)">{promise}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Text size="sm" c="rgba(255,255,255,0.75)">
        © {new Date().getFullYear()} TeenVoice
      </Text>
    </aside>
  );
}
