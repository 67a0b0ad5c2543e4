// A run in a child process, for the test that kills one: node --import tsx run-script.ts <spec json> <out>.
import { play } from './run.js';

await play(JSON.parse(process.argv[2]!), { out: process.argv[3]!, batchGames: 30 });
