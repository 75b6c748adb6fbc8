import { z } from 'zod';

/** Printable ASCII and no space, as a URI is written (letters beyond it percent-encoded). */
const uriCharacters = /^[\x21-\x7e]*$/;

/**
 * An http(s) address as a contributor writes it, published as a URI. Browsers show and copy
 * addresses with their letters as typed ("…/islas-galápagos-…", an IRI), and the content keeps
 * them so; the API's OpenAPI document promises URIs, which clients check. An address with any
 * other character (such as a letter beyond ASCII, or a space) is published as the URL standard
 * serializes it: the same page, its path and query percent-encoded, its host in punycode. An ASCII
 * one is published exactly as written.
 */
export const webAddress = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
  .transform((address) => (uriCharacters.test(address) ? address : new URL(address).href))
  // The editor schemas describe what a contributor may write: an IRI.
  .meta({ format: 'iri' });
