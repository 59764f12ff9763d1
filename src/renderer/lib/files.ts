/**
 * Files the app downloads for the person (a transcript export): fetched with the caller's
 * credentials (the API authenticates by header, so a plain link cannot carry them), then handed
 * to the browser as a download. Never rejects: a failure says why, as HttpResult does.
 */
import { httpErrorMessage } from '../../shared/errors';
import { HTTP_FALLBACK_MESSAGE, type HttpResult } from './http';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface FileTransfer {
  download(path: string, headers: Record<string, string>): Promise<HttpResult<DownloadedFile>>;
  /** Gives the file to the person (the browser's download). */
  save(file: DownloadedFile): void;
}

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` wins), without any path. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

export function browserFileTransfer(fetchImpl: typeof fetch, baseUrl: string, doc: Document): FileTransfer {
  return {
    async download(path, headers) {
      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${path}`, { headers });
      } catch (error) {
        return {
          ok: false,
          status: 0,
          message: error instanceof Error ? error.message : HTTP_FALLBACK_MESSAGE,
        };
      }
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => undefined);
        return {
          ok: false,
          status: response.status,
          message: httpErrorMessage(body, response.statusText || HTTP_FALLBACK_MESSAGE),
        };
      }
      const fallback = path.split('?')[0]!.split('/').pop() ?? 'download';
      return {
        ok: true,
        status: response.status,
        data: {
          blob: await response.blob(),
          fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallback),
        },
      };
    },
    save({ blob, fileName }) {
      const url = URL.createObjectURL(blob);
      const anchor = doc.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      anchor.rel = 'noopener';
      doc.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The download has its own copy once started; the URL only has to outlive the click.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  };
}
