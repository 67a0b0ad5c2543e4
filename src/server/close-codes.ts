/**
 * The WebSocket close codes the server ends a connection with (4000-4999 are the application's).
 * A file of its own so the browser client tells a final close from a dropped connection without
 * bundling the server.
 */
export const CLOSE = { flooding: 4008, replaced: 4001, shuttingDown: 1001, full: 1013 } as const;
