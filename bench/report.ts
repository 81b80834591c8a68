// How benches talk: progress lines on stderr, stamped with the seconds since the bench started, and
// result tables on stdout in Markdown, label columns first and right-aligned figures after them.

const started = performance.now();

/** One progress line on stderr: `[   12 s] message`. */
export function progress(message: string): void {
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s] ${message}`);
}

/** A Markdown table on stdout, followed by an empty line; its first `labelColumns` columns are text. */
export function table(header: string[], rows: string[][], labelColumns = 1): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, i) => (i < labelColumns ? '---' : '---:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('');
}
