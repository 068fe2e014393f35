import { ErrorCode } from '@aurum/domain/errors/catalogue';

/** A failure the client is told about: HTTP status plus the `{code, context}` body (DECISIONS.md §2). */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly context: string | null;
  constructor(status: number, code: number, context: string | null = null) {
    super(context ?? `error ${code}`);
    this.status = status;
    this.code = code;
    this.context = context;
  }
}

export const badRequest = (context: string | null = null) => new AppError(400, ErrorCode.BadRequest, context);
export const invalidFormat = (field: string) => new AppError(400, ErrorCode.InvalidFormat, field);
export const notFound = (context: string | null = null) => new AppError(404, ErrorCode.NotFound, context);
export const forbidden = () => new AppError(403, ErrorCode.Forbidden, null);
export const sessionEnded = (context: string) => new AppError(401, ErrorCode.SessionEnded, context);
