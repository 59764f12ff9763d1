/**
 * Unpacks a .tar.bz2 with npm packages only (unbzip2-stream, tar), so model installs work on
 * Windows and on machines without bzip2. Only regular files and folders are written: a model
 * archive has no business containing links or devices, and tar already refuses absolute paths
 * and "..", so nothing can land outside the destination.
 */
import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { extract } from 'tar';
import bz2 from 'unbzip2-stream';
import { DownloadError } from './plan';

const WRITABLE = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

export async function unpackTarBz2(archive: string, destDir: string): Promise<void> {
  await mkdir(destDir, { recursive: true });
  try {
    await pipeline(
      createReadStream(archive),
      bz2(),
      extract({
        cwd: destDir,
        strict: true,
        filter: (_path, entry) => !('type' in entry) || WRITABLE.has(entry.type),
      }),
    );
  } catch (error) {
    throw new DownloadError(
      'unpack',
      `The archive ${archive} could not be unpacked (${(error as Error).message}). ` +
        'It matched its checksum, so the release itself may be damaged: please report it.',
    );
  }
}
