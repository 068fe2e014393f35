import type { FastifyRequest } from 'fastify';
import type { FastifyMultipartAttachFieldsToBodyOptions, MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { RECEIPT_MAX_BYTES, checkReceipt, type ReceiptContentType } from '@aurum/domain/assets/receipt';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError } from '../../http/app-error.ts';
import { multipartTotalFileSize, type MultipartLimits } from '../../http/route.ts';

/** An uploaded file as a multipart body carries it (see multipartOptions). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
  /** Cut at the size limit (so too large). */
  truncated: boolean;
}

/** Bytes of files read so far, per request (for multipart.totalFileSize). */
const received = new WeakMap<FastifyRequest, number>();

/**
 * @fastify/multipart, registered once in app.ts: form fields and the file land in the body
 * (`keyValues`), so route() validates a multipart body with zod like a JSON one. The limits are
 * each route's own (route()'s `multipart`: RECEIPT_CREATE_LIMITS, RECEIPT_APPROVE_LIMITS); those
 * here are the strictest fallback. A file is cut at the route's fileSize instead of failing the
 * request, and the receipt rule then refuses it as too large (400, 1001 'receipt').
 */
export const multipartOptions: FastifyMultipartAttachFieldsToBodyOptions = {
  attachFieldsToBody: 'keyValues',
  throwFileSizeLimit: false,
  limits: { files: 0, fields: 0, parts: 0, fileSize: 0, fieldSize: 0 },
  async onFile(this: FastifyRequest, part: MultipartFile) {
    const bytes = await part.toBuffer();
    // a route that takes many files caps their sum (multipart.totalFileSize): 413 as soon as it is passed
    const limit = multipartTotalFileSize(this);
    if (limit !== null) {
      const total = (received.get(this) ?? 0) + bytes.length;
      received.set(this, total);
      if (total > limit) throw appError(ErrorCode.BadRequest, 'The files of this call are too large together', { status: 413 });
    }
    const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, bytes, truncated: part.file.truncated };
    (part as unknown as { value: UploadedFile }).value = file;
  },
};

/** A request created with its receipt: the fields of the request (a few, small) and one file, the receipt image under 5 MB. */
export const RECEIPT_CREATE_LIMITS: MultipartLimits = { files: 1, fileSize: RECEIPT_MAX_BYTES, fields: 20, fieldSize: 16 * 1024, parts: 21 };
/** An approval: the verified receipt image alone (one file, no text field; one part to spare, so a second one is refused as a file or a field too many). */
export const RECEIPT_APPROVE_LIMITS: MultipartLimits = { files: 1, fileSize: RECEIPT_MAX_BYTES, fields: 0, fieldSize: 0, parts: 2 };

/** A receipt image that passed the domain's rule (jpg/png by content, under 5 MB). */
export interface Receipt {
  bytes: Buffer;
  contentType: ReceiptContentType;
  extension: 'png' | 'jpg';
}

export function isUploadedFile(v: unknown): v is UploadedFile {
  return typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).bytes) && typeof (v as UploadedFile).filename === 'string';
}

/** The `receipt` field of a multipart body: refused (1001 'receipt') when missing, not JPEG/PNG by content, or too large. */
export const ReceiptField = z
  .custom<UploadedFile>(isUploadedFile, { message: 'receipt' })
  .transform((file, ctx): Receipt => {
    const check = checkReceipt({ filename: file.filename, size: file.bytes.length, head: file.bytes.subarray(0, 16), truncated: file.truncated });
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: check.problem });
      return z.NEVER;
    }
    return { bytes: file.bytes, contentType: check.contentType, extension: check.extension };
  })
  .meta({ type: 'string', format: 'binary', description: 'jpg, jpeg or png under 5 MB (checked by content)' });
