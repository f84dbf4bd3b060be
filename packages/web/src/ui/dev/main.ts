import { mount } from 'svelte';
// The app's look, so that what the UI tests see is what players see.
import '../../theme.css';
import Dev from './Dev.svelte';

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app');
export default mount(Dev, { target });
