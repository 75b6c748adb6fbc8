import type { APIRoute, GetStaticPaths } from 'astro';
import type { StoredLandmarkDetail } from '../../../schema/api.ts';
import { pageData } from '../../../emit/page-handover.ts';
import { landmarkMarkdown } from '../_lib/markdown-twins.ts';

export const getStaticPaths = (async () => {
  const catalogue = pageData().catalogue;
  return catalogue.landmarks.map((landmark) => ({ params: { slug: landmark.slug }, props: { landmark } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(landmarkMarkdown((props as { landmark: StoredLandmarkDetail }).landmark), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
