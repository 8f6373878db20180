/**
 * Compress the built web client in place: a `.br` and a `.gz` beside every text asset, which
 * the server sends to browsers that accept them (@fastify/static's preCompressed). Run by
 * `npm run build:web` after Vite. Usage: tsx src/cli/compress-web.ts [dir]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(html|js|css|svg|json|txt|map)$/;
const dir = process.argv[2] ?? "dist/web";

function* files(d: string): Generator<string> {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (TEXT.test(name)) yield p;
  }
}

let before = 0;
let after = 0;
for (const file of files(dir)) {
  const body = readFileSync(file);
  if (body.length < 512) continue;
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(`compressed ${dir}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)`);
