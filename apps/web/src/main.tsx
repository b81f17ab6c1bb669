import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { rememberPreloadError } from './lib/chunk-reload';
import { handleAppError } from './lib/error-reporting';

window.addEventListener('vite:preloadError', (event) =>
  rememberPreloadError((event as Event & { payload?: unknown }).payload),
);
window.addEventListener('error', (event) => handleAppError(event.error ?? event.message, 'window'));
window.addEventListener('unhandledrejection', (event) => handleAppError(event.reason, 'unhandledrejection'));

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
