import type { CAC } from 'cac';
import { defaults } from '../../src/config/defaults.ts';
import { createLogger } from '../../src/log.ts';
import { handleError } from '../handle-error.ts';
import { jsonOfError, jsonOfReport, jsonText, reserveStdout } from '../json-output.ts';
import { limitHeapGrowth } from '../heap.ts';
import { loadLibrary } from '../load-library.ts';
import { stopInterruptingWhileLoading } from '../interrupt.ts';

interface MergeFlags {
  outDir?: string;
  json?: boolean;
}

/** `prerender merge <...shardDirs>`. */
export function registerMerge(cli: CAC): void {
  cli
    .command('merge <...shardDirs>', 'Combine the outputs of `build --shard k/n` into one dist/<name>/')
    .option('--out-dir <dir>', 'Folder to write the merged <name>/ folder into', { default: defaults.outDir })
    .option('--json', 'Print one JSON report on stdout; logs go to stderr')
    .example('prerender merge dist/*.shard-*-of-2')
    .example('prerender merge shards/* --out-dir public-site')
    .action(async (shardDirs: string[], flags: MergeFlags) => {
      // A merge stopped by a signal ends as Node ends a process: it writes in a staging folder.
      stopInterruptingWhileLoading();
      limitHeapGrowth();
      const logger = createLogger();
      const printJson = flags.json ? reserveStdout(logger) : undefined;
      try {
        const { merge } = loadLibrary<typeof import('../../src/merge/merge.ts')>('merge/merge');
        const report = await merge({ shardDirs, outDir: flags.outDir, logger });
        await printJson?.(jsonText(jsonOfReport(report)));
      } catch (error) {
        await printJson?.(jsonText(jsonOfError(error)));
        process.exitCode = handleError(error, logger);
      }
    });
}
