import type { APIRoute, GetStaticPaths } from 'astro';
import type { StoredReport } from '../../schema/api.ts';
import { pageCatalogue } from '../_lib/catalogue.ts';
import { reportMarkdown } from '../_lib/markdown-twins.ts';

export const getStaticPaths = (async () => {
  const catalogue = await pageCatalogue();
  return catalogue.reports.map((report) => ({ params: { id: report.id }, props: { report } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(reportMarkdown((props as { report: StoredReport }).report), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
