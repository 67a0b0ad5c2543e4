/** Entry point of a solver thread: helps build the table it is handed. */
import { workerData } from 'node:worker_threads';
import { helpBuild, type SharedBuild } from './layers.js';

helpBuild(workerData as SharedBuild);
