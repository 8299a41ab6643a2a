/** JSON schemas of the knowledge source endpoints (docs/knowledge.md). */
import {
  MAX_SITEMAP_PAGES,
  MAX_SOURCE_FILE_BYTES,
  MAX_SOURCE_TEXT,
  MAX_SOURCE_TITLE,
} from '../../../domain/knowledge/knowledgeSourceFields.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../domain/webhooks/webhookUrl.js';
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';

const title: JsonSchema = {
  type: 'string',
  maxLength: MAX_SOURCE_TITLE * 2,
  description: `1 to ${MAX_SOURCE_TITLE} characters, one line`,
};

export const createKnowledgeSourceBody: JsonSchema = namedSchema('CreateKnowledgeSourceRequest', {
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  description:
    "Pasted text `{type: 'text', title, text}` or a web page `{type: 'url', url, sitemap?, title?}`; a file is sent as multipart/form-data instead",
  properties: {
    type: { type: 'string', enum: ['text', 'url'] },
    title,
    text: {
      type: 'string',
      maxLength: MAX_SOURCE_TEXT * 2,
      description: `type text: up to ${MAX_SOURCE_TEXT} characters; Markdown headings are followed`,
    },
    url: {
      type: 'string',
      maxLength: MAX_WEBHOOK_URL_LENGTH,
      description: 'type url: an https page on a public host (or the sitemap, with sitemap true)',
    },
    sitemap: {
      type: 'boolean',
      description: `type url: the URL is a sitemap; up to ${MAX_SITEMAP_PAGES} of its pages are fetched`,
    },
  },
});

export const knowledgeUploadForm: JsonSchema = namedSchema('KnowledgeSourceUpload', {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `Markdown, plain text, HTML, PDF or DOCX, up to ${MAX_SOURCE_FILE_BYTES / 1024 / 1024} MB`,
    },
    title: { ...title, description: `${title.description}; default: the file name` },
  },
});

export const knowledgeSourceSchema: JsonSchema = namedSchema('KnowledgeSource', {
  type: 'object',
  required: [
    'id',
    'type',
    'title',
    'status',
    'error',
    'url',
    'sitemap',
    'fileName',
    'format',
    'sizeBytes',
    'characters',
    'chunks',
    'pages',
    'indexedAt',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    type: { type: 'string', enum: ['text', 'file', 'url'] },
    title: { type: 'string' },
    status: {
      type: 'string',
      enum: ['queued', 'processing', 'ready', 'failed'],
      description: 'queued: waiting to be indexed; processing: being indexed; ready: searchable; failed: see error',
    },
    error: { type: 'string', nullable: true, description: 'Why indexing failed, and what to do (failed only)' },
    url: { type: 'string', nullable: true, description: 'URL sources: the page or sitemap' },
    sitemap: { type: 'boolean' },
    fileName: { type: 'string', nullable: true, description: 'File sources: the uploaded name' },
    format: {
      type: 'string',
      nullable: true,
      enum: ['text', 'markdown', 'html', 'pdf', 'docx'],
      description: 'Text and file sources: how the content is read',
    },
    sizeBytes: { type: 'integer', description: 'Bytes stored (URL sources: fetched at the last indexing)' },
    characters: { type: 'integer', description: 'Characters of text extracted at the last indexing' },
    chunks: { type: 'integer', description: 'Passages indexed' },
    pages: { type: 'integer', description: 'Pages read: PDF pages, web pages, else 1' },
    indexedAt: { type: 'string', format: 'date-time', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
});

const limit = (description: string): JsonSchema => ({ type: 'integer', nullable: true, description });

export const knowledgeSourceListSchema: JsonSchema = namedSchema('KnowledgeSourceList', {
  type: 'object',
  required: ['data', 'limits'],
  properties: {
    data: { type: 'array', items: knowledgeSourceSchema },
    limits: {
      type: 'object',
      required: ['sources', 'totalBytes', 'pagesPerDay'],
      additionalProperties: false,
      description: "The plan's knowledge limits (null: unlimited)",
      properties: {
        sources: limit('Sources the workspace may hold'),
        totalBytes: limit('Bytes of all sources together'),
        pagesPerDay: limit('Web pages fetched per UTC day'),
      },
    },
  },
});
