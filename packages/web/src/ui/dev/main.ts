import { mount } from 'svelte';
import Dev from './Dev.svelte';

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app');
export default mount(Dev, { target });
