import type { APIRoute } from 'astro';
import { worldBasemapSvg } from '../_lib/world-basemap.ts';

export const GET: APIRoute = () => new Response(worldBasemapSvg(), { headers: { 'Content-Type': 'image/svg+xml' } });
