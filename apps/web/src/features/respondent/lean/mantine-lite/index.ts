// biome-ignore-all assist/source/organizeImports: the lean bundle's module order, explained below.
// The respondent page's stand-ins for the Mantine components it uses (decision 019), put in
// @mantine/core's place by vite.respond.config.ts. Each renders the markup Mantine renders (its class
// names, data attributes and CSS variables), so Mantine's own stylesheets style it the same; only the
// props the respondent components pass are supported. The app and the builder's preview use Mantine.
// One file per component; what they share is in style-props.ts and variant-colors.ts. They are listed
// in the order of the single file they were split from: the lean bundle keeps modules in import order,
// and this one gzips about 90 bytes smaller than the sorted one (decision 019's budget).
export { createTheme, MantineProvider, rem } from './mantine-provider';
export { Text } from './text';
export { Title } from './title';
export { Stack } from './stack';
export { Group } from './group';
export { Button } from './button';
export { CloseButton } from './close-button';
export { Alert } from './alert';
export { Badge } from './badge';
export { Progress } from './progress';
export { VisuallyHidden } from './visually-hidden';
export { Skeleton } from './skeleton';
export { NativeSelect } from './native-select';
export { TextInput } from './text-input';
export { Textarea } from './textarea';
export { NumberInput } from './number-input';
export { ActionIcon } from './action-icon';
export { Modal } from './modal';
