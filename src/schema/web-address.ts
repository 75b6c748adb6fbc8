import { z } from 'zod';

/** Printable ASCII only: what RFC 3986 allows a URI to hold, percent-encoded octets included. */
const uriCharacters = /^[\x21-\x7e]*$/;

/**
 * An http(s) address as a contributor writes it, published as a URI. Browsers show and copy
 * addresses with their letters as typed ("…/islas-galápagos-…", an IRI), and the content keeps
 * them so; the API's OpenAPI document promises URIs, which clients check. An address with any
 * other character is published as the URL standard serializes it (the same page: path and query
 * percent-encoded, the host in punycode); an ASCII one exactly as written.
 */
export const webAddress = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
  .transform((address) => (uriCharacters.test(address) ? address : new URL(address).href))
  // The editor schemas describe what a contributor may write: an IRI.
  .meta({ format: 'iri' });
