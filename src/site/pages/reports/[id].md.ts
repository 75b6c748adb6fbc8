import type { APIRoute, GetStaticPaths } from 'astro';
import type { StoredReport } from '../../../schema/api.ts';
import { pageData } from '../../../emit/page-handover.ts';
import { reportMarkdown } from '../_lib/markdown-twins.ts';

export const getStaticPaths = (async () => {
  const catalogue = pageData().catalogue;
  return catalogue.reports.map((report) => ({ params: { id: report.id }, props: { report } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(reportMarkdown((props as { report: StoredReport }).report), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
