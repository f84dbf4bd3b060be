import { mount } from 'svelte';
// The app's look, so that what the UI tests see is what players see.
import '../../theme.css';
import { initialLocale, setLocale } from '../../i18n/index.svelte.js';
import Dev from './Dev.svelte';

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app');
// In the app's language, as the app opens (English if its messages fail to load).
await setLocale(initialLocale()).catch((e: unknown) => console.warn('the language did not load', e));
export default mount(Dev, { target });
