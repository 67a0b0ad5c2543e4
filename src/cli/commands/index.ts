import type { CommandModule } from 'yargs';

/** Every `parlor` command, in the order `parlor --help` lists them. */
export const COMMANDS: readonly CommandModule<any, any>[] = [];
