/**
 * The limits of the API's parameters, as plain numbers: the operation table (src/api/api-operations.ts)
 * builds from them the parameter schemas that REST, the MCP tools and OpenAPI all use.
 */

/** Page size of the landmark list and the changes feed. */
export const pageLimits = { min: 1, max: 1000, fallback: 500 } as const;

/**
 * How many of a landmark's most recently confirmed reports a landmark's answer includes beside
 * those in effect or upcoming: enough for any ordinary history to be answered whole, few enough
 * that the most reported landmark stays a small answer. The rest is paged by its reports' list.
 */
export const recentReportLimit = 50;

/**
 * The most reports a landmark's answer includes in all: a landmark in the news may have a thousand
 * reports in effect at once, and its answer must stay well under a megabyte; the most recently
 * confirmed come first, and its reports' list has every one.
 */
export const includedReportLimit = 200;

/** Length of the search term, in characters after trimming spaces. */
export const queryLength = { min: 2, max: 100 } as const;
