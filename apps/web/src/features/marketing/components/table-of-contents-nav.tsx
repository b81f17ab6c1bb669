import { Box, Collapse, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { TocEntry } from '../utils/table-of-contents';
import classes from './research.module.css';

function TocList({ entries, nested }: { entries: readonly TocEntry[]; nested?: boolean }) {
  return (
    <ul className={nested ? classes.tocListNested : classes.tocList}>
      {entries.map((entry) => (
        <li key={entry.id}>
          {/* The router scrolls smoothly to a hash anchor (spec §2), and the URL can be shared. */}
          <Link to="." hash={entry.id} className={nested ? classes.tocLinkNested : classes.tocLink}>
            {entry.text}
          </Link>
          {entry.children.length > 0 ? <TocList entries={entry.children} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The table of contents beside an article or legal text: a sticky aside from the md breakpoint up,
 * a collapsed "Contents" button above the text on phones. Both are CSS-switched, so the server
 * renders the same markup the browser hydrates.
 */
export function TableOfContentsNav({ entries }: { entries: readonly TocEntry[] }) {
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  if (entries.length === 0) return null;
  return (
    <>
      <Box component="nav" aria-label="Contents" visibleFrom="md" className={classes.tocAside}>
        <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="dimmed" mb="sm">
          Contents
        </Text>
        <TocList entries={entries} />
      </Box>
      <Box component="nav" aria-label="Contents" hiddenFrom="md" className={classes.tocMobile}>
        <UnstyledButton
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={panelId}
          className={classes.tocToggle}
        >
          <Text fw={700} size="sm">
            Contents
          </Text>
          <IconChevronDown
            size={18}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 200ms' }}
          />
        </UnstyledButton>
        <Collapse expanded={opened} id={panelId}>
          <Box pt="sm">
            <TocList entries={entries} />
          </Box>
        </Collapse>
      </Box>
    </>
  );
}
