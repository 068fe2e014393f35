import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseTopology } from '../../db/database-topology.ts';
import { ownWriteOf, rememberOwnWrite } from '../read-your-writes.ts';

const withCookie = (cookie: string | undefined) => ({ headers: cookie === undefined ? {} : { cookie } }) as unknown as FastifyRequest;

function topology(readsReplica: boolean, position: () => Promise<bigint | null>): DatabaseTopology {
  return { readsReplica, leaderPosition: position } as unknown as DatabaseTopology;
}

function replyCapture() {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => void (headers[name] = value) } as unknown as FastifyReply;
  return { reply, headers };
}

describe("the caller's own last write", () => {
  it('is read from its cookie among others', () => {
    expect(ownWriteOf(withCookie('aurum_wal=16/B374D848'))).toBe((0x16n << 32n) | 0xb374d848n);
    expect(ownWriteOf(withCookie('theme=dark; aurum_wal=0/3000060; lang=zh-Hant'))).toBe(0x3000060n);
  });

  it('is none without the cookie, or with a value that is not a position', () => {
    for (const cookie of [undefined, '', 'theme=dark', 'aurum_wal=', 'aurum_wal=zz/1', 'aurum_wal=123456789/0', 'xaurum_wal=0/1', `aurum_wal=0/1;${'x'.repeat(9000)}`]) {
      expect(ownWriteOf(withCookie(cookie)), String(cookie).slice(0, 40)).toBeNull();
    }
  });

  it("is set after a write from the leader's position, only when a replica is read", async () => {
    const set = replyCapture();
    await rememberOwnWrite(topology(true, async () => 0x3000060n), set.reply);
    expect(set.headers['set-cookie']).toBe('aurum_wal=0/3000060; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400');

    const none = replyCapture();
    let asked = false;
    await rememberOwnWrite(
      topology(false, async () => {
        asked = true;
        return 1n;
      }),
      none.reply,
    );
    expect(none.headers).toEqual({});
    expect(asked, 'no replica: no query of the leader').toBe(false);
    await rememberOwnWrite(null, none.reply);
    expect(none.headers).toEqual({});
  });

  it('leaves the cookie as it was when the leader cannot tell its position: the write stands', async () => {
    const set = replyCapture();
    await rememberOwnWrite(
      topology(true, async () => {
        throw new Error('Connection terminated');
      }),
      set.reply,
    );
    expect(set.headers).toEqual({});
  });
});
