/**
 * Where the build stores the prebuilt API data among the static assets, and so where the Worker
 * reads it. `/_data/` is never served directly: raw records lack what depends on the request time.
 */
export const dataPaths = {
  prefix: '/_data/',
  landmark: (slug: string) => `/_data/landmarks/${slug}.json`,
  report: (id: string) => `/_data/reports/${id}.json`,
  landmarkPagesManifest: '/_data/landmark-pages/manifest.json',
  landmarkPagesChunk: (index: number) => `/_data/landmark-pages/${index}.json`,
} as const;
