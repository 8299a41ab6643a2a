/**
 * The two shapes of a conversation export (docs/external-api.md, Export), one line per response
 * record. NDJSON carries every answer variable in an `answerVariables` object. CSV needs its
 * header before the first row and the export keeps no more than a page in memory, so its columns
 * come from the chatbot's flow: one `answer.<name>` column per variable the flow declares, and
 * `otherAnswers`, a JSON object of any other variable a record holds (from an earlier flow).
 */
import type { ResponseDoc } from '../../../projections/views/responsesView.js';
import { csvLine } from './csvText.js';

export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The fixed columns, in order: what each conversation was, when, and how it ended. */
const COLUMNS = [
  'id',
  'visitorId',
  'chatSessionId',
  'started',
  'ended',
  'status',
  'resolution',
  'escalationReason',
  'flowVersion',
  'aiAgent',
  'turnCount',
] as const;

function exportedFields(doc: ResponseDoc): Record<(typeof COLUMNS)[number], unknown> {
  return {
    id: doc.id,
    visitorId: doc.visitorId,
    chatSessionId: doc.chatSessionId,
    started: doc.chatDate,
    ended: doc.completedAt,
    status: doc.status,
    resolution: doc.resolution,
    escalationReason: doc.escalationReason,
    flowVersion: doc.flowVersion ?? null,
    aiAgent: doc.aiAgent ?? null,
    turnCount: doc.turnCount,
  };
}

export interface ExportFormatter {
  contentType: string;
  extension: string;
  header: string;
  row(doc: ResponseDoc): string;
}

function csvFormatter(variables: readonly string[]): ExportFormatter {
  const declared = new Set(variables);
  return {
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    header: csvLine([...COLUMNS, ...variables.map((v) => `answer.${v}`), 'otherAnswers']),
    row(doc) {
      const fields = exportedFields(doc);
      const answers = doc.answerVariables ?? {};
      const others = Object.entries(answers).filter(([name]) => !declared.has(name));
      return csvLine([
        ...COLUMNS.map((c) => fields[c]),
        ...variables.map((v) => answers[v] ?? null),
        others.length ? Object.fromEntries(others) : null,
      ]);
    },
  };
}

const ndjsonFormatter: ExportFormatter = {
  contentType: 'application/x-ndjson',
  extension: 'ndjson',
  header: '',
  row: (doc) => `${JSON.stringify({ ...exportedFields(doc), answerVariables: doc.answerVariables ?? {} })}\n`,
};

/** `variables`: the chatbot's declared answer variables (the CSV's columns). */
export function exportFormatter(format: ExportFormat, variables: readonly string[]): ExportFormatter {
  return format === 'csv' ? csvFormatter(variables) : ndjsonFormatter;
}
