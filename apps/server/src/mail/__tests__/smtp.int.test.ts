import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client } from '../../testing/client.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`password reset e-mail over SMTP on ${driver}`, () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let smtp: SMTPServer;
  let ts: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    ts = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Aurum <no-reply@aurum.example>' } });
  });
  afterAll(async () => {
    await ts?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset link to the SMTP server and records it in the outbox', async () => {
    const who = ts.demo.byRole.financeMaker!;
    const r = await client(ts).forgot(who.email);
    expect(r.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([who.email]);
    expect(received[0]!.from).toBe('no-reply@aurum.example');
    expect(received[0]!.data).toMatch(/Subject: Aurum: reset your password/);
    // the body is quoted-printable: undo soft line breaks and =XX escapes
    const body = received[0]!.data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const token = /token=([A-Za-z0-9_-]+)/.exec(body)![1]!;
    const reset = await client(ts).reset(token, 'Smtp#Works2026');
    expect(reset.status).toBe(200);
    expect((await client(ts).login(who.username, 'Smtp#Works2026')).status).toBe(200);
    const outbox = await ts.db.query<{ transport: string }>('SELECT transport FROM mail_outbox');
    expect(outbox.map((o) => o.transport)).toEqual(['smtp']);
  });
});
