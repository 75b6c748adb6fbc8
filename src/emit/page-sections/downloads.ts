import { downloadsDirectory, maxDownloadFileBytes, partRangePattern } from '../../formats/download-resources.ts';
import { html, type Markup } from '../../formats/html.ts';
import { sizeLimitInWords, type ListedResource } from '../downloads/datapackage.ts';
import { downloadFormats, downloadResources } from '../downloads/download-formats.ts';

// The sections of the downloads page that depend on the files this build wrote: their names,
// sizes and parts. `site` is the site's origin, for the absolute addresses a command line needs.

const filesOf = (resource: ListedResource) => (Array.isArray(resource.path) ? resource.path : [resource.path]);
const fileUrl = (site: string, fileName: string) => new URL(`${downloadsDirectory}${fileName}`, site).href;
/** A download's file name when it is whole, its parts joined. */
export const wholeFileName = (name: string): string => downloadResources.find((candidate) => candidate.name === name)!.fileName;
const formatLabel = (name: string) => downloadFormats.find((format) => format.name === name)?.label ?? name;

function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** One row per download: its file (or its first and last parts), format and size. */
export function downloadRows(downloads: readonly ListedResource[], site: string): Markup {
  return html`${downloads.map((item) => {
    const files = filesOf(item);
    const link = (file: string) => html`<a href="${fileUrl(site, file)}">${file}</a>`;
    const name = files.length === 1 ? link(files[0]!) : html`${link(files[0]!)} to ${link(files.at(-1)!)} (${files.length} parts)`;
    return html`<tr><td>${name}<div class="note">${item.title}</div></td><td>${formatLabel(item.format)}</td><td><span title="${item.bytes} bytes">${sizeInWords(item.bytes)}</span></td></tr>`;
  })}`;
}

/** How to join the parts of the files split for the size limit; nothing when none is. */
export function splitFiles(downloads: readonly ListedResource[], site: string): Markup | '' {
  const split = downloads.filter((candidate) => filesOf(candidate).length > 1);
  if (split.length === 0) return '';
  return html`<p>Files over ${sizeLimitInWords(maxDownloadFileBytes)}, the most a static file may hold here, are split into numbered parts that join, in order, into the whole file. A part of a text file holds whole rows and changes only when one of its rows does, so a mirror fetches again only the parts whose hash in <code>datapackage.json</code> changed; the parts of the SQLite database are plain slices of it, and any change may change every one. To get whole files:${split.map(
    (item) => html`<br><code>curl -s "${fileUrl(site, partRangePattern(wholeFileName(item.name), filesOf(item).length))}" &gt; ${wholeFileName(item.name)}</code>`,
  )}</p>`;
}

/** What a command reads a download from: the URL of a whole file, or its local name once its parts are joined (splitFiles). */
export function downloadSource(downloads: readonly ListedResource[], name: string, site: string): string {
  const resource = downloads.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`no download is named ${name}`);
  const files = filesOf(resource);
  return files.length === 1 ? fileUrl(site, files[0]!) : wholeFileName(name);
}
