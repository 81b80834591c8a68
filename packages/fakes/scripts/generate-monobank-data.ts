/**
 * Regenerates the Monobank emulator's demo client: `node --import tsx packages/fakes/scripts/generate-monobank-data.ts [outDir]`
 * (default: packages/fakes/data). Deterministic: the same code always writes a byte-identical file.
 */
import { fileURLToPath } from 'node:url';
import { writeDemoData } from '../src/monobank/generate.ts';

const outDir = process.argv[2] ?? fileURLToPath(new URL('../data/', import.meta.url));
console.log(`Wrote ${writeDemoData(outDir)}`);
