/**
 * The license of the data and the credit it asks for, stated the same way wherever data leaves the
 * site: pages, bulk downloads, feeds. The code is under MIT; this is about the data.
 */
export const dataLicense = {
  /** SPDX identifier. */
  id: 'CC-BY-4.0',
  title: 'Creative Commons Attribution 4.0 International',
  shortTitle: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  attribution: 'Landmark Condition Reports contributors',
} as const;

/** "Landmark Condition Reports contributors, CC BY 4.0 (https://…)": the credit line to reuse. */
export const attributionLine = `${dataLicense.attribution}, ${dataLicense.shortTitle} (${dataLicense.url})`;
