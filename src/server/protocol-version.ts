/**
 * The version of the Clue-Less client-server protocol, sent in `hello`. A file of its own so the
 * browser client can compare against it without bundling the schemas (and zod) of messages.ts.
 */
export const PROTOCOL_VERSION = 1;
