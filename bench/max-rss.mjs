// Preloaded with `node --import` by the benchmark: on exit, writes the process's peak resident set
// size (bytes) and the CPU time it used, all threads together (ms), as JSON to the file named by
// BENCH_RSS_FILE. Whole-process figures, as a deploy machine sees them.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ rss: usage.maxRSS * 1024, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
  });
}
