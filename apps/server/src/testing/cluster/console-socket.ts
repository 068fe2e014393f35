import type { SocketMessage } from '@aurum/domain/system/live-messages';
import { openSocket, type TestSocket } from '../socket-client.ts';

/**
 * One console socket through the proxy that, like the console, opens again at once whenever it
 * closes: every gap (closed until open again) is measured, every message kept with its time.
 */
export class ConsoleSocket {
  readonly gaps: Array<{ closedAt: number; openAt: number | null; code: number }> = [];
  readonly messages: Array<{ type: string; at: number }> = [];
  private socket: TestSocket | null = null;
  private stopped = false;

  private readonly base: string;
  private readonly token: string;

  private constructor(base: string, token: string) {
    this.base = base;
    this.token = token;
  }

  static async open(base: string, token: string): Promise<ConsoleSocket> {
    const s = new ConsoleSocket(base, token);
    await s.connect();
    return s;
  }

  private async connect(): Promise<void> {
    const socket = await openSocket(this.base, this.token);
    this.socket = socket;
    const seen = socket.messages.length;
    const original = socket.messages.push.bind(socket.messages);
    for (const m of socket.messages.slice(0, seen)) this.messages.push({ type: m.type, at: m.receivedAt });
    socket.messages.push = (...items: Array<SocketMessage & { receivedAt: number }>) => {
      for (const m of items) this.messages.push({ type: m.type, at: m.receivedAt });
      return original(...items);
    };
    void socket.closed.then(({ code }) => {
      if (this.stopped) return;
      const gap = { closedAt: Date.now(), openAt: null as number | null, code };
      this.gaps.push(gap);
      void this.reopen(gap);
    });
  }

  private async reopen(gap: { openAt: number | null }): Promise<void> {
    while (!this.stopped) {
      try {
        await this.connect();
        gap.openAt = Date.now();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** The longest gap in ms since `since` (an open gap counts up to now). */
  maxGap(since = 0): number {
    return Math.max(0, ...this.gaps.filter((g) => g.closedAt >= since).map((g) => (g.openAt ?? Date.now()) - g.closedAt));
  }

  /** Waits for a message (of `type`, or any) received after `after`; its time. */
  async messageAfter(after: number, type: string | null, ms = 10_000): Promise<number> {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = this.messages.find((x) => x.at > after && (type === null || x.type === type));
      if (m) return m.at;
      if (Date.now() > deadline) throw new Error(`no ${type ?? ''} socket message within ${ms} ms after ${new Date(after).toISOString()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }
}
