import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuditDetail } from './route.ts';
import { zipChunks, type ZipFile } from './zip-stream.ts';

/** One ZIP attachment: what to call it, its files as they are made, and what its audit row says besides the count. */
export interface ZipAttachment {
  fileName: string;
  files: AsyncIterable<ZipFile>;
  /** Read when the row is written: a detail that counts what was sent. */
  audit: () => AuditDetail;
}

/**
 * Streams a ZIP attachment (zipChunks) as the answer of a route with the exportData permission: a
 * file is made only when the client has taken the previous ones (the stream pulls), and a client
 * that goes away stops the files (Fastify destroys the stream; the event loop turns after each file
 * so the close is seen). The audit row (data.export: the
 * given detail, files, complete) is written when the last file has been made, before the answer
 * ends, or when the download stops early.
 */
export function sendZip(app: FastifyInstance, reply: FastifyReply, auditLater: (action: 'data.export', detail: AuditDetail) => Promise<void>, zip: ZipAttachment): FastifyReply {
  const sent = { files: 0 };
  const audit = (complete: boolean) => auditLater('data.export', { ...zip.audit(), files: sent.files, complete });
  async function* body(): AsyncGenerator<Buffer> {
    let complete = false;
    const chunks = zipChunks(zip.files, sent);
    try {
      for await (const chunk of chunks) {
        yield chunk;
        // a file is CPU work between awaits that may never reach I/O (PGlite, a socket that takes every
        // write at once): a turn of the event loop lets other requests in and a closed connection be seen
        await nextTurn();
      }
      complete = true;
      await audit(true);
    } finally {
      if (!complete) await audit(false).catch((error: unknown) => app.log.error({ err: error }, 'export audit row'));
    }
  }
  reply.type('application/zip').header('content-disposition', `attachment; filename="${zip.fileName}"`).header('cache-control', 'no-store');
  return reply.send(Readable.from(body(), { objectMode: false }));
}
