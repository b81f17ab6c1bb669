// The respondent page's own entry (decision 019): /s/:surveyId, opened by teens on phones, loads this
// instead of the whole app. Built by vite.respond.config.ts with Preact standing in for React, so the
// same components the builder's preview shows run here at a fraction of the size.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// Each component's styles, in the order of Mantine's styles.css (later rules win ties).
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './app/theme';
import { RespondentPage } from './features/respondent/components/respondent-page';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from respond.html');

createRoot(container).render(
  // Respondents see surveys in light mode, exactly as the builder's preview shows them.
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
    <RespondentPage />
  </MantineProvider>,
);
