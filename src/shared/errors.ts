/** The few failures a request can end in; `src/platform/http/http.ts` maps each to its status. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class BadInput extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message, 400, details)
  }
}

export class Unauthorized extends AppError {
  constructor() {
    super('Unauthorized', 401)
  }
}

export class Forbidden extends AppError {
  constructor(message: string) {
    super(message, 403)
  }
}

export class NotFound extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message, 404, details)
  }
}

export class Conflict extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message, 409, details)
  }
}

export class InsufficientStock extends Conflict {
  constructor(sku: string, name: string, available: number) {
    super(
      available > 0
        ? `Not enough stock for ${name}: only ${available} left.`
        : `${name} is out of stock.`,
      { sku, available },
    )
  }
}

export class PayloadTooLarge extends AppError {
  constructor(
    limitBytes: number,
    message = `Request body is too large (limit ${sizeText(limitBytes)}).`,
  ) {
    super(message, 413)
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.round(bytes / 1000)} kB`
}

export class UnsupportedMediaType extends AppError {
  constructor(message: string) {
    super(message, 415)
  }
}

export class Unprocessable extends AppError {
  constructor(message: string) {
    super(message, 422)
  }
}

export class TooManyRequests extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many failed attempts. Try again later.', 429)
  }
}

/** Work the server will not queue now (it is full): nothing was done, try again shortly. */
export class ServiceBusy extends AppError {
  readonly retryAfterSeconds = 2
  constructor(message: string) {
    super(message, 503)
  }
}
