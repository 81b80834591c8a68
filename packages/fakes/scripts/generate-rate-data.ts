/**
 * Regenerates the committed rate files: `node --import tsx packages/fakes/scripts/generate-rate-data.ts [outDir]`
 * (default: packages/fakes/data). Deterministic: the same code always writes byte-identical files.
 */
import { fileURLToPath } from 'node:url';
import { writeRateData } from '../src/rates/generate.ts';

const outDir = process.argv[2] ?? fileURLToPath(new URL('../data/', import.meta.url));
const paths = writeRateData(outDir);
console.log(`Wrote ${paths.nbu}\nWrote ${paths.ecb}`);
