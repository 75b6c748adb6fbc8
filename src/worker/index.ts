import type { Env } from './env.ts';
import { handleApi } from './router.ts';
import { serveStatic } from './static-assets.ts';

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return handleApi(request, env);
    return serveStatic(request, env);
  },
} satisfies ExportedHandler<Env>;
