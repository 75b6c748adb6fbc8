/**
 * The path of a canonical URL, for links between pages. Canonical URLs are absolute (they are what
 * people cite), but links that stay on the host serving the page also work on a preview or a
 * local copy whose origin differs from SITE_URL.
 */
export const sitePath = (absoluteUrl: string): string => new URL(absoluteUrl).pathname;
