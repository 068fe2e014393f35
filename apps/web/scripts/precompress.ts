/**
 * After `vite build`: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible
 * file of the build's assets/ folder (JavaScript, CSS, SVG, JSON), at the strongest settings, once
 * per build. The server (@fastify/static `preCompressed`) sends the copy the browser accepts,
 * with Content-Encoding and `Vary: Accept-Encoding`; a copy is kept only when it is smaller.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.map']);
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

const dist = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');

let files = 0;
let raw = 0;
let br = 0;
let gz = 0;
for (const name of readdirSync(assets)) {
  if (name.endsWith('.br') || name.endsWith('.gz')) {
    rmSync(join(assets, name)); // a copy left by an earlier build into the same folder
    continue;
  }
  if (!COMPRESSIBLE.has(extname(name))) continue;
  const path = join(assets, name);
  const bytes = readFileSync(path);
  raw += bytes.length;
  if (bytes.length < MIN_BYTES) {
    br += bytes.length;
    gz += bytes.length;
    continue;
  }
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
  br += Math.min(brotli.length, bytes.length);
  gz += Math.min(gzip.length, bytes.length);
  files++;
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`precompressed ${files} assets: ${kib(raw)} -> brotli ${kib(br)}, gzip ${kib(gz)}`);
