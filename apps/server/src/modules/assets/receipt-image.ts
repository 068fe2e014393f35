import sharp from 'sharp';
import { invalidFormat } from '../../http/app-error.ts';
import type { Receipt } from './receipt-upload.ts';

/**
 * The most pixels a receipt may decode to: 50 megapixels (an 8192 x 6144 scan; phone photos are
 * 12 to 48). A small file that claims more (a decompression bomb) is refused before it is decoded.
 */
export const RECEIPT_MAX_PIXELS = 50_000_000;

/** JPEG quality of the stored copy: text on a photographed slip stays sharp. */
const JPEG_QUALITY = 90;

/**
 * The stored copy of a receipt that passed the first-bytes rule (`checkReceipt`): the image is
 * decoded as the format its first bytes announce, with a real decoder (libvips through sharp,
 * warnings such as a truncated image count as failures), and encoded again in that same format.
 * What reaches the disk is pixels only: EXIF orientation applied, then every metadata block
 * (EXIF with its GPS position, XMP, comments) dropped, and anything after the image's end (an
 * HTML page behind a PNG, say) left behind. A file that does not decode, or decodes as another
 * format, is refused like a file that is not an image at all: 400, 1001 'receipt'.
 *
 * The decoding runs on libvips's threads, off the event loop, and only after the sign-in and the
 * permission of the route were checked (the handler calls it), so nobody without the submit or
 * approve permission can make the server decode anything.
 */
export async function reencodeReceipt(receipt: Receipt): Promise<Receipt> {
  const format = receipt.contentType === 'image/png' ? 'png' : 'jpeg';
  let bytes: Buffer;
  try {
    const image = sharp(receipt.bytes, { failOn: 'warning', limitInputPixels: RECEIPT_MAX_PIXELS });
    const { format: decodedAs } = await image.metadata();
    if (decodedAs !== format) throw new Error(`a ${receipt.contentType} that decodes as ${decodedAs}`);
    const upright = image.rotate();
    bytes = await (format === 'png' ? upright.png() : upright.jpeg({ quality: JPEG_QUALITY })).toBuffer();
  } catch {
    throw invalidFormat('receipt');
  }
  return { ...receipt, bytes };
}
