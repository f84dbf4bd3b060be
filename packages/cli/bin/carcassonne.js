#!/usr/bin/env node
// Installed as the `carcassonne` command; the program itself is compiled to dist/ by `npm run build`.
import '../dist/main.js';
