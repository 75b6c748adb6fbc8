import { dataPrefix, declareDataProduct } from './product.ts';

/** The pages the Worker renders from the data, one template each. */
export const pageKinds = ['landmark', 'report'] as const;
export type PageKind = (typeof pageKinds)[number];

const paths = { pageTemplate: (kind: PageKind) => `${dataPrefix}templates/${kind}.json` };

/**
 * The page layout (HTML, as a JSON string) the Worker renders landmark or report pages into. Astro
 * builds them with the site's frame, so the build's Astro step moves them here (emit/page-templates.ts).
 */
export const pageTemplates = declareDataProduct({
  paths,
  files: () => [],
  fileCount: () => pageKinds.length,
  reader: (read) => ({
    /** The built page layout a page of this kind is rendered into, as HTML. */
    pageTemplate: (kind: PageKind) => read<string>(paths.pageTemplate(kind)),
  }),
});
