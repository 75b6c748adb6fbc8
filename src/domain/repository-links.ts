/**
 * Links into the repository that holds the content, for "edit this page" and "how to contribute".
 * The repository is one setting (`REPOSITORY_URL` at build time), recorded in the data manifest so
 * that the pages the Worker renders link where the built pages do.
 */
const branch = 'main';

export const editLandmarkUrl = (repositoryUrl: string, slug: string): string => `${repositoryUrl}/edit/${branch}/content/landmarks/${slug}.md`;

export const editReportUrl = (repositoryUrl: string, report: { id: string; landmark: { slug: string } }): string =>
  `${repositoryUrl}/edit/${branch}/content/reports/${report.landmark.slug}/${report.id}.md`;

export const contributingUrlOf = (repositoryUrl: string): string => `${repositoryUrl}/blob/${branch}/CONTRIBUTING.md`;

/**
 * GitHub's "new file" page with the file's path and text filled in: for someone without write
 * access GitHub offers to fork the repository and opens the pull request from there.
 */
export const newFileUrl = (repositoryUrl: string, file: string, text: string): string =>
  `${repositoryUrl}/new/${branch}?filename=${encodeURIComponent(file)}&value=${encodeURIComponent(text)}`;
