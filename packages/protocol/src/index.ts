/**
 * @carc/protocol: what a client and an authority (the server, or the browser's own table) say to
 * each other. Browser-safe: the engine, the bots' names and zod, nothing of a server.
 */
export * from './messages.js';
export * from './settings.js';
export * from './names.js';
export * from './delta.js';
export * from './state.js';
export * from './step.js';
export * from './session.js';
export * from './receiver.js';
export * from './pairing.js';
