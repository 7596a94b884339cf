import type { CAC } from 'cac';
import { createLogger } from '../../src/log.ts';
import { handleError } from '../handle-error.ts';
import { jsonOfError, jsonText, reserveStdout } from '../json-output.ts';
import { limitHeapGrowth } from '../heap.ts';

interface MergeFlags {
  outDir?: string;
  json?: boolean;
}

/** `prerender merge <shard-dirs...>`. */
export function registerMerge(cli: CAC): void {
  cli
    .command('merge [...shardDirs]', 'Combine the outputs of `build --shard k/n` into one dist/<name>/')
    .option('--out-dir <dir>', 'Where the merged <name>/ folder goes (default: dist)')
    .option('--json', 'Print one JSON report on stdout; logs go to stderr')
    .example('prerender merge dist/site.shard-1-of-2 dist/site.shard-2-of-2')
    .example('prerender merge shards/* --out-dir dist')
    .action(async (shardDirs: string[], flags: MergeFlags) => {
      limitHeapGrowth();
      const logger = createLogger();
      const printJson = flags.json ? reserveStdout() : undefined;
      try {
        const { merge } = await import('../../src/merge/merge.ts');
        const report = await merge({ shardDirs, outDir: flags.outDir, logger });
        await printJson?.(jsonText(report));
      } catch (error) {
        await printJson?.(jsonText(jsonOfError(error)));
        process.exitCode = handleError(error, logger);
      }
    });
}
