/** The one error type of every HTTP call: status plus the server's `{ message, description?, errors?, code? }`. */
export interface ApiErrorInit {
  status: number;
  message: string;
  description?: string;
  errors?: Record<string, string[]>;
  /** Stable name of the server's text (shared api/server-errors.ts); the web translates it. */
  code?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly description?: string;
  readonly errors?: Record<string, string[]>;
  readonly code?: string;
  /** Set when the api layer already dealt with the error (401 logout): screens and modals stay quiet. */
  handled = false;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    if (init.description !== undefined) this.description = init.description;
    if (init.errors !== undefined) this.errors = init.errors;
    if (init.code !== undefined) this.code = init.code;
  }

  /** Status 0 means the server was not reached (network error, CORS, abort). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server does not know the item (or the path). */
export const isNotFoundError = (error: unknown): boolean => isApiError(error) && error.status === 404;
