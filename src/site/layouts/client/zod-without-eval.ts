import { config } from 'zod';

// The site's Content-Security-Policy forbids eval. Unless told not to compile parsers, zod probes
// for it with a caught `new Function` as each object schema is built, which the browser still
// reports as a violation. Imported before any module that builds a schema, so it runs first.
config({ jitless: true });
