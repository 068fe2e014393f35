import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './shared/i18n/i18n.ts';
import { App } from './app/app.tsx';
import { initTheme } from './shared/preferences/theme.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');

// light or dark before the first paint (the stored choice, else the system's setting)
initTheme();

// the default namespace (common) of the current language only; the shell loads the rest it needs
await initI18n();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
