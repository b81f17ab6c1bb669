import {
  Box,
  Card,
  Code,
  Container,
  Group,
  type MantineColorsTuple,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './style-tokens.module.css';

const sizeKeys = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

/** Theme sizes are stored as 'calc(0.625rem * var(--mantine-scale))'; people read pixels. */
function readable(value: string | number): string {
  const rem = /([\d.]+)rem/.exec(String(value));
  return rem ? `${Number(rem[1]) * 16}px` : String(value);
}
const paletteNames = ['green', 'gray', 'dark', 'red', 'yellow', 'blue'] as const;

function TokenSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
      <Stack gap={4} mb="lg">
        <Title order={2} id={`${id}-heading`} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      {children}
    </section>
  );
}

function Palette({ name, shades }: { name: string; shades: MantineColorsTuple }) {
  return (
    <Stack gap={6}>
      <Text fw={700} tt="capitalize">
        {name}
      </Text>
      <SimpleGrid cols={{ base: 5, sm: 10 }} spacing={6} verticalSpacing={10}>
        {shades.map((shade, index) => (
          <Stack key={shade} gap={2}>
            <div className={classes.swatch} style={{ background: shade }} />
            <Text size="xs" fw={600}>
              {name}.{index}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {shade}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function StyleTokensPage() {
  const theme = useMantineTheme();
  const { green, gray, dark } = theme.colors;
  const semantic = [
    { token: '--mantine-color-body', use: 'Page background', light: theme.white, dark: dark[7] },
    { token: '--mantine-color-text', use: 'Body text', light: theme.black, dark: dark[0] },
    { token: '--mantine-color-dimmed', use: 'Secondary text', light: gray[6], dark: dark[2] },
    { token: '--mantine-color-default-border', use: 'Borders and dividers', light: gray[3], dark: dark[4] },
    {
      token: '--mantine-primary-color-filled',
      use: 'Buttons and selected states',
      light: green[7],
      dark: green[7],
    },
    { token: '--mantine-color-anchor', use: 'Links', light: green[7], dark: green[4] },
  ];
  const modes = [
    { mode: 'Light', background: theme.white, foreground: theme.black, key: 'light' as const },
    { mode: 'Dark', background: dark[7], foreground: dark[0], key: 'dark' as const },
  ];

  return (
    <Container size="lg" py={{ base: 48, sm: 72 }}>
      <Stack gap={64}>
        <Stack gap="xs" maw={720}>
          <Text size="sm" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
            Design system
          </Text>
          <Title order={1}>Design tokens</Title>
          <Text size="lg" c="dimmed">
            The colors, type, spacing, radii and shadows every TeenVoice screen is built from. Primary color{' '}
            <Code>{theme.primaryColor}</Code>, cool blue-grey neutrals, default radius{' '}
            <Code>{theme.defaultRadius}</Code>.
          </Text>
        </Stack>

        <TokenSection
          id="semantic-colors"
          title="Semantic colors in both modes"
          description="What components use, resolved for light and dark mode."
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {modes.map((mode) => (
              <div
                key={mode.key}
                className={classes.modePanel}
                style={{ background: mode.background, color: mode.foreground }}
              >
                <Text fw={700} mb="md" c="inherit">
                  {mode.mode} mode
                </Text>
                <Stack gap="sm">
                  {semantic.map((entry) => (
                    <Group key={entry.token} gap="sm" wrap="nowrap">
                      <div className={classes.modeSwatch} style={{ background: entry[mode.key] }} />
                      <div>
                        <Text size="sm" fw={600} c="inherit">
                          {entry.use}
                        </Text>
                        <Text size="xs" ff="monospace" c="inherit" opacity={0.85}>
                          {entry.token} · {entry[mode.key]}
                        </Text>
                      </div>
                    </Group>
                  ))}
                </Stack>
              </div>
            ))}
          </SimpleGrid>
        </TokenSection>

        <TokenSection
          id="palettes"
          title="Color palettes"
          description="Ten shades per color. Shade 7 of green is the primary in both modes; gray and dark are cool blue-greys."
        >
          <Stack gap="xl">
            {paletteNames.map((name) => (
              <Palette key={name} name={name} shades={theme.colors[name]} />
            ))}
          </Stack>
        </TokenSection>

        <TokenSection
          id="typography"
          title="Type scale"
          description={`Font: ${theme.fontFamily.split(',')[0]} with system fallbacks.`}
        >
          <Card withBorder radius="lg" padding={0}>
            <Table.ScrollContainer minWidth={620}>
              <Table verticalSpacing="md" horizontalSpacing="lg">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Token</Table.Th>
                    <Table.Th scope="col">Size / line height</Table.Th>
                    <Table.Th scope="col">Sample</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((heading) => (
                    <Table.Tr key={heading}>
                      <Table.Td>
                        <Code>{heading}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {readable(theme.headings.sizes[heading].fontSize)} /{' '}
                          {theme.headings.sizes[heading].lineHeight}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text
                          fz={theme.headings.sizes[heading].fontSize}
                          lh={theme.headings.sizes[heading].lineHeight}
                          fw={Number(theme.headings.fontWeight)}
                        >
                          Teen voices
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {sizeKeys.map((size) => (
                    <Table.Tr key={size}>
                      <Table.Td>
                        <Code>text {size}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {readable(theme.fontSizes[size])} / {theme.lineHeights[size]}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size={size}>Hear what teenagers actually think.</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </TokenSection>

        <TokenSection id="spacing" title="Spacing" description="Gaps and padding come from this scale only.">
          <Stack gap="sm">
            {sizeKeys.map((size) => (
              <Group key={size} gap="md" wrap="nowrap">
                <Text size="sm" ff="monospace" w={120}>
                  {size} · {readable(theme.spacing[size])}
                </Text>
                <div className={classes.spacingBar} style={{ width: `calc(${theme.spacing[size]} * 4)` }} />
              </Group>
            ))}
          </Stack>
        </TokenSection>

        <TokenSection id="radii" title="Radii" description="Corners soften as elements grow.">
          <Group gap="xl">
            {sizeKeys.map((size) => (
              <Stack key={size} gap={6} align="center">
                <div className={classes.radiusBox} style={{ borderRadius: theme.radius[size] }} />
                <Text size="sm" ff="monospace">
                  {size} · {readable(theme.radius[size])}
                </Text>
              </Stack>
            ))}
          </Group>
        </TokenSection>

        <TokenSection id="shadows" title="Shadows" description="Elevation for cards, menus and dialogs.">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
            {sizeKeys.map((size) => (
              <Box key={size} className={classes.shadowBox} style={{ boxShadow: theme.shadows[size] }}>
                <Text size="sm" ff="monospace">
                  shadow {size}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </TokenSection>
      </Stack>
    </Container>
  );
}
