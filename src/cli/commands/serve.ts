import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { MAX_PLAYERS, MIN_PLAYERS } from '../../server/lobby.js';
import { MOVE_TIME_OPTION } from '../shared.js';
import type { ServeArgs } from '../actions/serve.js';

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'run the Clue-Less game server (HTTP + WebSocket): queue, countdown, games between people and System Players',
  builder: (yargs) =>
    yargs
      .option('port', { type: 'number', default: 8080, describe: 'TCP port (0: any free port, printed)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on (0.0.0.0 for every interface)' })
      .option('countdown', { type: 'number', default: 15, describe: 'seconds from the third person queued (the first, with --fill-with) to the start' })
      .option('grace', { type: 'number', default: 30, describe: "seconds a dropped person's seat is held for a reconnect" })
      .option('turn-time', { type: 'number', default: 120, describe: 'seconds a person has to act when prompted before a System Player takes the seat (0: no limit, and a silent player stalls the table)' })
      .option('move-time-ms', MOVE_TIME_OPTION)
      .option('fill-with', { type: 'string', describe: 'System Player seated when a countdown ends short of --fill-to seats (default: people only)' })
      .option('fill-to', { type: 'number', default: MIN_PLAYERS, describe: `seats a game is filled up to with --fill-with (${MIN_PLAYERS}-${MAX_PLAYERS})` })
      .option('takeover', { type: 'string', describe: 'System Player taking the seat of a person who left or did not come back (default: --fill-with, else notebook)' })
      .option('max-message-bytes', { type: 'number', default: 4096, describe: 'largest message a client may send' })
      .option('rate', { type: 'number', default: 20, describe: 'messages a second a client may send (bursts of twice that)' })
      .option('max-connections', { type: 'number', default: 5000, describe: 'connections held at most; one more is told server-full and closed' })
      .option('max-per-ip', { type: 'number', default: 50, describe: 'connections held at most from one address (an IPv6 /64); one more is told too-many-connections and closed' })
      .option('allow-origin', { type: 'string', array: true, default: [] as string[], describe: 'an origin (https://example.com) whose pages may connect besides the server’s own; repeatable' })
      .option('records', { type: 'string', default: join('results', 'serve'), describe: 'folder for the finished games’ records' })
      .option('seed', { type: 'string', describe: 'seed of the games (game n plays from seed and n; default: a new one, printed)' })
      .option('client', { type: 'string', describe: 'folder of the browser client’s static files (default: dist/client)' })
      .option('set', { type: 'string', array: true, default: [] as string[], describe: 'a rule of the games, or maxTurns, key=value, repeatable (e.g. suggestionEndsTurn=true; docs/games.md)' }) as never,
  handler: async (args) => (await import('../actions/serve.js')).serveAction(args),
};
