import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone, a signed-in user, or a signed-in user who accepted the policies. */
export type Access = 'public' | 'user' | 'user-with-policies';

/**
 * One API operation, declared once. The server validates with these schemas and builds its
 * OpenAPI document from them; the web client takes its request and response types from them.
 * `path` is relative to the API base and uses `{name}` placeholders exactly as the specs write them.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of a successful answer when it is not 200. */
  status?: number;
  /** The body may also arrive as multipart/form-data. */
  multipart?: boolean;
  /** The body's content type when it is not JSON: the text arrives as a string for `body` to check. */
  bodyType?: 'text/csv';
  /**
   * Content types of a successful answer when not only JSON (files: a CSV export, a PDF); JSON
   * answers match `response`, files are described as binary.
   */
  produces?: readonly (
    | 'application/json'
    | 'text/csv'
    | 'application/pdf'
    | 'application/zip'
    | 'image/jpeg'
  )[];
  /** A larger JSON body than the server's default 1 MB (a long list the endpoint takes at once). */
  bodyLimitBytes?: number;
}

export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return e;
}

export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `{name}` placeholders of an endpoint path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
