import { get, type QueryParams } from './api-client';

/** Saves a file the browser already holds under `fileName`, as a download. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Downloads a file route (an Excel export) through the request layer, so an expired token is renewed and
 * a refusal is shown like any other error.
 */
export async function download(url: string, params: QueryParams, fileName: string): Promise<void> {
  saveFile(await get<Blob>(url, params, { as: 'blob' }), fileName);
}
