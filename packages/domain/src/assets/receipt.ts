/**
 * Receipt images of payment requests (SPEC.md §5, §9; DECISIONS.md §7): jpg, jpeg or png, under
 * 5 MB, checked by content. The type is decided by the first bytes (magic numbers), never by the
 * name or the declared content type alone: a PNG name on an executable is refused.
 */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export type ReceiptContentType = 'image/jpeg' | 'image/png';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG_MAGIC = [0xff, 0xd8, 0xff] as const;

export type ReceiptProblem = 'empty' | 'tooLarge' | 'extension' | 'content';
export type ReceiptCheck = { ok: true; contentType: ReceiptContentType; extension: 'jpg' | 'png' } | { ok: false; problem: ReceiptProblem };

function startsWith(head: Uint8Array, magic: readonly number[]): boolean {
  return head.length >= magic.length && magic.every((b, i) => head[i] === b);
}

/** The image type the first bytes announce, or null when they are neither JPEG nor PNG. */
export function sniffImage(head: Uint8Array): ReceiptContentType | null {
  if (startsWith(head, PNG_MAGIC)) return 'image/png';
  if (startsWith(head, JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

/**
 * Whether an uploaded file may be a receipt: not empty, under RECEIPT_MAX_BYTES (a file cut at
 * the upload limit counts as too large), a .jpg/.jpeg/.png name, and JPEG or PNG content by its
 * first bytes. The content decides the type it is served with.
 */
export function checkReceipt(file: { filename: string; size: number; head: Uint8Array; truncated?: boolean }): ReceiptCheck {
  if (file.size <= 0) return { ok: false, problem: 'empty' };
  if (file.truncated || file.size >= RECEIPT_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  const dot = file.filename.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.filename.slice(dot + 1).toLowerCase();
  if (!(RECEIPT_EXTENSIONS as readonly string[]).includes(extension)) return { ok: false, problem: 'extension' };
  const contentType = sniffImage(file.head);
  if (!contentType) return { ok: false, problem: 'content' };
  return { ok: true, contentType, extension: contentType === 'image/png' ? 'png' : 'jpg' };
}
