/**
 * Where the content lives on GitHub: `REPOSITORY_URL` at build time (the deploy workflow sets it).
 * The default is a placeholder until the project has its public home.
 */
export const repositoryUrl = (process.env.REPOSITORY_URL || 'https://github.com/landmark-condition-reports/landmark-condition-reports').replace(/\/+$/, '');
