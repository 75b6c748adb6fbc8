import type { StoredReport } from '../../../schema/api.ts';

/**
 * Where the content lives on GitHub, for "edit this page" and "how to contribute" links. One
 * setting: `REPOSITORY_URL` at build time. The default is a placeholder until the project has its
 * public home.
 */
export const repositoryUrl = (process.env.REPOSITORY_URL || 'https://github.com/landmark-condition-reports/landmark-condition-reports').replace(/\/+$/, '');

const branch = 'main';

export const editLandmarkUrl = (slug: string): string => `${repositoryUrl}/edit/${branch}/content/landmarks/${slug}.md`;

export const editReportUrl = (report: Pick<StoredReport, 'id' | 'landmark'>): string =>
  `${repositoryUrl}/edit/${branch}/content/reports/${report.landmark.slug}/${report.id}.md`;

export const contributingUrl = `${repositoryUrl}/blob/${branch}/CONTRIBUTING.md`;
