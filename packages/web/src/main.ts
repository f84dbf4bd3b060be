import { mount } from 'svelte';
// The palette, type and base controls of every screen, light and dark (before any component's styles).
import './theme.css';
import App from './App.svelte';
import { initialLocale, setLocale } from './i18n/index.svelte.js';

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app');
// The page opens in the player's language: its messages first (English if they fail to load).
const start = (): void => void mount(App, { target });
setLocale(initialLocale()).then(start, (e: unknown) => {
  console.warn('the chosen language did not load; English it is', e);
  start();
});

// Offline play once loaded: the service worker (sw.ts) keeps the build's files. Only in a build
// (`vite` dev serves no sw.js; the mode, not PROD, which follows NODE_ENV, `test` under vitest) and
// over http(s); once the page has loaded, not competing with it.
if (
  import.meta.env.MODE === 'production' &&
  'serviceWorker' in navigator &&
  /^https?:$/.test(location.protocol)
) {
  const register = (): void => {
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`)
      .catch((e: unknown) => console.warn('no offline play: the service worker did not register', e));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
