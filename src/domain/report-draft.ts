/**
 * What a new report file says, before it is written: the command line's answers, or the report
 * form's fields. The landmark page hands the form a published report in this shape (with its
 * confirmations), so that a confirmation is checked against the report as its file holds it.
 */
export interface ReportDraft {
  landmarkSlug: string;
  id: string;
  condition: string;
  summary: string;
  observedAt: string;
  source: { kind: string; name?: string | undefined; url?: string | undefined; itemId?: string | undefined };
  from?: string | undefined;
  until?: string | undefined;
  untilKind?: string | undefined;
  /** The id of the earlier report this one updates. */
  supersedes?: string | undefined;
  /** Markdown details; when absent the body is only the guidance comment. */
  details?: string | undefined;
}

export interface ConfirmedReportDraft extends ReportDraft {
  confirmations: { date: string; note?: string }[];
}
