/**
 * Typed domain errors. Domain code throws them; the `errorMapping` middleware of http/router.ts
 * turns each into its HTTP status and the spec's envelope `{ message, description?, errors? }`, and
 * platform/db/operations.ts (`orFail`) turns a failed DynamoDB condition into one of them.
 */
import { UNAUTHORIZED_MESSAGE } from '@lectio/shared';

export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly description?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends DomainError {
  constructor(message: string, errors?: Record<string, string[]>, description?: string) {
    super(400, message, description, errors);
  }
}
export class Unauthorized extends DomainError {
  constructor() {
    super(401, UNAUTHORIZED_MESSAGE);
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'Forbidden.', description?: string) {
    super(403, message, description);
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found.', description?: string) {
    super(404, message, description);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, description?: string) {
    super(409, message, description);
  }
}
export class TooManyRequests extends DomainError {
  constructor(message = 'Too many attempts. Try again later.', readonly retryAfterSeconds = 60) {
    super(429, message);
  }
}
