import { extension, request } from './client';

/** The parts of an OpenAPI 3.1 document the API reference shows. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  description?: string;
};
export type OpenApiParameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
  'x-extension'?: boolean;
};
export type OpenApiOperation = {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-extension'?: boolean;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  /** Events the server POSTs to webhook endpoints (OpenAPI 3.1 `webhooks`). */
  webhooks?: Record<string, { post?: OpenApiOperation }>;
};

/** GET /openapi.json, our extension: unsupported on a deployment without it. */
export const getOpenApiDocument = (signal?: AbortSignal) =>
  extension('openapi', () => request<OpenApiDocument>('/openapi.json', { signal }));
