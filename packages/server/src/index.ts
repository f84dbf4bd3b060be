/**
 * @carc/server — the authoritative multiplayer server: lobby over HTTP, games over WebSocket
 * (docs/protocol.md, @carc/protocol), SQLite by default or PostgreSQL, bots in worker threads, Fischer clocks.
 */
export type { ServerConfig, ServerConfigInput } from './config.js';
export { ENVIRONMENT, isPostgres, readConfig, serverConfigSchema } from './config.js';
export type { RunningServer } from './server.js';
export { openStore, startServer } from './server.js';
export { EXIT_CONFIG, EXIT_UNAVAILABLE, StartupError, describeServer, maskUrl } from './startup.js';
export type { ServerLogger } from './log.js';
export { createLogger, lifecycleLog, logListening } from './log.js';
export type { MetricSources, MetricsOptions } from './metrics.js';
export { Metrics } from './metrics.js';
export type { WebClient } from './http/static.js';
export { DEFAULT_WEB_ROOT, findWebClient, missingWebClient } from './http/static.js';
export type { HubError, HubErrorCode, HubOptions, Listener, Logger } from './hub/hub.js';
export { Hub, Session } from './hub/hub.js';
export type { BotRunner } from './bots/pool.js';
export { botPool, inlineBots } from './bots/pool.js';
export type { BotTask } from './bots/decide.js';
export type { ActionRow, ClockState, GameRow, SeatRow, Store } from './store/store.js';
export { SequenceConflict } from './store/store.js';
export { SqliteStore } from './store/sqlite.js';
