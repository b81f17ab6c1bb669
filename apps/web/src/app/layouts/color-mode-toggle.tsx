import {
  ActionIcon,
  type MantineColorScheme,
  Menu,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { forcedColorModeFor } from '../route-meta';

const options: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
];

export function ColorModeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const forced = useRouterState({ select: (state) => forcedColorModeFor(state.matches) });
  const Icon = computed === 'dark' ? IconMoon : IconSun;

  if (forced) {
    return (
      <Tooltip label={`This page is always shown in ${forced} mode`}>
        <ActionIcon
          variant="default"
          size="lg"
          radius="md"
          aria-label={`Color mode: ${forced}, set by this page`}
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          <Icon size={18} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
    );
  }

  const current = options.find((option) => option.value === colorScheme) ?? options[0]!;
  return (
    <Menu position="bottom-end" width={170} shadow="md" withinPortal>
      <Menu.Target>
        {/* On a lite page (decision 018) the site script names this button after the stored mode. */}
        <ActionIcon
          variant="default"
          size="lg"
          radius="md"
          aria-label={`Color mode: ${current.label}`}
          data-lite="colour-mode"
        >
          <Icon size={18} stroke={1.8} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Color mode</Menu.Label>
        {options.map((option) => (
          <Menu.Item
            key={option.value}
            leftSection={<option.icon size={16} stroke={1.8} />}
            rightSection={option.value === colorScheme ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setColorScheme(option.value)}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
