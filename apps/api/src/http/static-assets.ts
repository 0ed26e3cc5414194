import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { Coding } from './content-coding';

export type ContentCoding = Coding | 'identity';

export interface AssetVariant {
  file: string;
  size: number;
  /** Strong ETag of these exact bytes: each encoding of a file has its own. */
  etag: string;
}

export interface StaticAsset {
  /** Extension of the original file, for Content-Type. */
  ext: string;
  mtime: Date;
  variants: Partial<Record<ContentCoding, AssetVariant>> & { identity: AssetVariant };
}

/** Files the web build compresses beside the original (apps/web/scripts/precompress.mjs). */
const SUFFIX: Record<Exclude<ContentCoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

function variant(file: string): AssetVariant | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const digest = createHash('sha256').update(fs.readFileSync(file)).digest('base64url').slice(0, 27);
  return { file, size: stat.size, etag: `"${digest}"` };
}

/**
 * Every file of the built web app by URL path ('/assets/index-x.js'), each with its pre-compressed copies, read once
 * at start (the build does not change under a running server). Compressed copies are not URLs of their own.
 */
export function indexStaticAssets(distDir: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) {
        const identity = variant(full);
        if (!identity) continue;
        const variants: StaticAsset['variants'] = { identity };
        for (const coding of ['br', 'gzip'] as const) {
          const compressed = variant(full + SUFFIX[coding]);
          if (compressed) variants[coding] = compressed;
        }
        const url = `/${path.relative(distDir, full).split(path.sep).join('/')}`;
        assets.set(url, { ext: path.extname(entry.name), mtime: fs.statSync(full).mtime, variants });
      }
    }
  };
  walk(distDir);
  return assets;
}
