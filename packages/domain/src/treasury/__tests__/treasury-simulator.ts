import { Decimal } from '../../money/decimal.ts';
import { completePostings, fillPostings, paymentPostings, reversalPostings, settlePostings } from '../../orders/order-postings.ts';
import { orderAmount, reserveOnFill, sellOwed, type Reservation } from '../../orders/order-money.ts';
import { approvePostings, holdPostings } from '../../assets/request-postings.ts';
import { applyEntry, metalAccount, parseAccount, walletOf, type AccountId, type MetalPlace, type Posting } from '../../wallet/ledger.ts';
import { coverageShortBy, positionLines, type MetalFacts, type PositionLines } from '../treasury-books.ts';

/**
 * A pure simulator of the treasury (the property test of decision 0832): users, orders through their life
 * cycle, payments, deposits, withdrawals, transfers, bars and hedges, all posting through the
 * domain's own posting functions into one journal. The coverage rule is checked where the server
 * checks it (a buy's fill, a gold deposit's approval, the cancel of a filled sell, a bar released
 * or taken out of 'available'): a refused operation leaves the state as it was. Beside the books it
 * keeps the expected net position by each operation's economic effect (a buy -q from its fill, a
 * sell +q, a hedge buy +q, a bar received +w, ...), which the property compares with the net the
 * books give.
 */

export type Op =
  | { kind: 'depositGold'; user: number; grams: string }
  | { kind: 'depositFund'; user: number; amount: string }
  | { kind: 'withdrawGold'; user: number; grams: string }
  | { kind: 'transferGold'; user: number; to: number; grams: string }
  | { kind: 'buy'; user: number; grams: string; price: string }
  /** A buy of exactly the coverage headroom left (the adversary's move: the next customer gram is uncovered). */
  | { kind: 'buyHeadroom'; user: number; price: string }
  | { kind: 'sell'; user: number; grams: string; price: string }
  | { kind: 'settle'; pick: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'receiveBar'; grams: string }
  | { kind: 'releaseBar'; pick: number }
  | { kind: 'quarantineBar'; pick: number }
  | { kind: 'restoreBar'; pick: number }
  | { kind: 'toProvider'; grams: string }
  | { kind: 'hedge'; side: 'BUY' | 'SELL'; grams: string }
  | { kind: 'cancelHedge'; pick: number };

interface SimOrder {
  id: number;
  user: number;
  action: 'BUY' | 'SELL';
  grams: string;
  amount: string;
  status: 'FILLED' | 'SETTLED' | 'PAID' | 'CANCELED';
  reserved: Reservation;
  posted: Posting[];
  delivered: string[];
}

interface SimBar {
  id: number;
  grams: string;
  status: 'available' | 'quarantined' | 'released';
}

interface State {
  balances: Map<AccountId, string>;
  journal: Posting[];
  orders: SimOrder[];
  bars: SimBar[];
  hedges: Array<{ side: 'BUY' | 'SELL'; grams: string; canceled: boolean }>;
  expectedNet: Decimal;
}

export interface StepResult {
  accepted: boolean;
  /** Why not: 'insufficient' (a user cannot pay), 'uncovered' (the coverage rule refused), 'none' (nothing to act on). */
  refusal?: 'insufficient' | 'uncovered' | 'none';
}

const VAULT: MetalPlace = 'vault:KUL-01';

export class TreasurySim {
  state: State;
  constructor(openingBars: readonly string[]) {
    this.state = { balances: new Map(), journal: [], orders: [], bars: [], hedges: [], expectedNet: new Decimal(0) };
    for (const grams of openingBars) this.step({ kind: 'receiveBar', grams });
  }

  /** The position's facts as the server reads them (books, order facts, hedges, available bars). */
  facts(): MetalFacts {
    const s = this.state;
    let wallets = new Decimal(0);
    const places = new Map<MetalPlace, string>();
    for (const [account, value] of s.balances) {
      const parsed = parseAccount(account);
      if (parsed?.kind === 'user' && (parsed.book === 'gold' || parsed.book === 'goldHeld')) wallets = wallets.plus(value);
      if (parsed?.kind === 'metal' && parsed.metal === 'XAU') places.set(parsed.place, value);
    }
    const open = (o: SimOrder) => o.status === 'FILLED' || o.status === 'SETTLED';
    const sum = (xs: string[]) => xs.reduce((t, x) => t.plus(x), new Decimal(0)).toFixed();
    return {
      metal: 'XAU',
      wallets: wallets.toFixed(),
      heldForSells: sum(s.orders.filter((o) => o.action === 'SELL' && o.status === 'FILLED').map((o) => o.reserved.goldReserved)),
      buyObligations: sum(s.orders.filter((o) => o.action === 'BUY' && open(o)).map((o) => o.grams)),
      sellReceivables: sum(s.orders.filter((o) => o.action === 'SELL' && open(o)).map((o) => sellOwed(o.grams, o.reserved.goldReserved, o.delivered))),
      places,
      hedged: sum(s.hedges.filter((h) => !h.canceled).map((h) => (h.side === 'BUY' ? h.grams : `-${h.grams}`))),
      availableBars: sum(s.bars.filter((b) => b.status === 'available').map((b) => b.grams)),
    };
  }

  position(): PositionLines {
    return positionLines(this.facts());
  }

  /** Runs one operation; a refused one changes nothing. */
  step(op: Op): StepResult {
    const saved = this.snapshot();
    const result = this.apply(op);
    if (!result.accepted) this.state = saved;
    return result;
  }

  private snapshot(): State {
    const s = this.state;
    return {
      balances: new Map(s.balances),
      journal: [...s.journal],
      orders: s.orders.map((o) => ({ ...o, posted: [...o.posted], delivered: [...o.delivered] })),
      bars: s.bars.map((b) => ({ ...b })),
      hedges: s.hedges.map((h) => ({ ...h })),
      expectedNet: s.expectedNet,
    };
  }

  private post(postings: readonly Posting[]): boolean {
    const nonZero = postings.filter((p) => new Decimal(p.amount).gt(0));
    if (nonZero.length === 0) return true;
    const result = applyEntry(this.state.balances, nonZero);
    if (!result.ok) {
      if (result.reason === 'invalid') throw new Error(`malformed posting ${result.problem}`);
      return false;
    }
    this.state.balances = result.balances;
    this.state.journal.push(...nonZero);
    return true;
  }

  /** The coverage rule, after the operation's own changes. */
  private covered(): boolean {
    const p = this.position();
    return coverageShortBy(p.customerMetal, p.coverageSupply) === null;
  }

  private pick<T>(items: T[], n: number): T | undefined {
    return items.length === 0 ? undefined : items[n % items.length];
  }

  private apply(op: Op): StepResult {
    const s = this.state;
    const ok: StepResult = { accepted: true };
    const poor: StepResult = { accepted: false, refusal: 'insufficient' };
    const none: StepResult = { accepted: false, refusal: 'none' };
    const uncovered: StepResult = { accepted: false, refusal: 'uncovered' };
    const wallet = (user: number) => walletOf(s.balances, user);
    switch (op.kind) {
      case 'depositFund':
        this.post(approvePostings({ action: 'deposit', type: 'MYR', value: op.amount, userId: op.user, receiverUserId: null }));
        return ok;
      case 'depositGold':
        this.post(approvePostings({ action: 'deposit', type: 'XAU', value: op.grams, userId: op.user, receiverUserId: null }));
        s.expectedNet = s.expectedNet.minus(op.grams);
        return this.covered() ? ok : uncovered;
      case 'withdrawGold': {
        const r = { action: 'withdrawal' as const, type: 'XAU' as const, value: op.grams, userId: op.user, receiverUserId: null };
        if (!this.post(holdPostings(r))) return poor;
        this.post(approvePostings(r));
        s.expectedNet = s.expectedNet.plus(op.grams);
        return ok;
      }
      case 'transferGold': {
        if (op.to === op.user) return none;
        const r = { action: 'transfer' as const, type: 'XAU' as const, value: op.grams, userId: op.user, receiverUserId: op.to };
        if (!this.post(holdPostings(r))) return poor;
        this.post(approvePostings(r));
        return ok;
      }
      case 'buyHeadroom': {
        const headroom = new Decimal(this.position().coverageHeadroom);
        if (headroom.lt('0.0001')) return none;
        return this.apply({ kind: 'buy', user: op.user, grams: headroom.toFixed(4), price: op.price });
      }
      case 'buy':
      case 'sell': {
        const action = op.kind === 'buy' ? 'BUY' : 'SELL';
        const amount = orderAmount(op.price, op.grams);
        const reserved = reserveOnFill(action, amount, op.grams, op.price, wallet(op.user));
        if (!reserved) return poor;
        const posted = fillPostings(op.user, action, reserved).filter((p) => new Decimal(p.amount).gt(0));
        if (!this.post(posted)) return poor;
        s.orders.push({ id: s.orders.length + 1, user: op.user, action, grams: op.grams, amount, status: 'FILLED', reserved, posted, delivered: [] });
        s.expectedNet = action === 'BUY' ? s.expectedNet.minus(op.grams) : s.expectedNet.plus(op.grams);
        if (action === 'BUY' && !this.covered()) return uncovered;
        return ok;
      }
      case 'settle': {
        const o = this.pick(s.orders.filter((x) => x.status === 'FILLED'), op.pick);
        if (!o) return none;
        const postings = settlePostings(o.user, o.reserved.balanceDeducted, o.reserved.goldReserved);
        this.post(postings);
        o.posted.push(...postings.filter((p) => new Decimal(p.amount).gt(0)));
        o.status = 'SETTLED';
        return this.completeIfOwed(o);
      }
      case 'pay': {
        const o = this.pick(s.orders.filter((x) => x.status === 'SETTLED'), op.pick);
        if (!o) return none;
        // pays what is owed in full (no interest in the simulation): MYR for a buy, gold for a sell
        const owed = o.action === 'BUY' ? new Decimal(o.amount).minus(o.reserved.balanceDeducted).toFixed(2) : sellOwed(o.grams, o.reserved.goldReserved, o.delivered);
        if (new Decimal(owed).gt(0)) {
          const postings = paymentPostings(o.user, o.action, { toInterest: '0', toPrincipal: owed });
          if (!this.post(postings)) return poor;
          o.posted.push(...postings.filter((p) => new Decimal(p.amount).gt(0)));
          if (o.action === 'SELL') o.delivered.push(owed);
        }
        return this.completeIfOwed(o, true);
      }
      case 'cancel': {
        const o = this.pick(s.orders.filter((x) => x.status === 'FILLED'), op.pick);
        if (!o) return none;
        if (!this.post(reversalPostings(o.posted))) return poor;
        o.status = 'CANCELED';
        s.expectedNet = o.action === 'BUY' ? s.expectedNet.plus(o.grams) : s.expectedNet.minus(o.grams);
        // a canceled sell gives the customer its gold back: checked like a buy
        if (o.action === 'SELL' && !this.covered()) return uncovered;
        return ok;
      }
      case 'receiveBar':
        this.post([{ from: metalAccount('XAU', 'outside'), to: metalAccount('XAU', VAULT), asset: 'XAU', amount: op.grams }]);
        s.bars.push({ id: s.bars.length + 1, grams: op.grams, status: 'available' });
        s.expectedNet = s.expectedNet.plus(op.grams);
        return ok;
      case 'releaseBar': {
        const bar = this.pick(s.bars.filter((b) => b.status !== 'released'), op.pick);
        if (!bar) return none;
        this.post([{ from: metalAccount('XAU', VAULT), to: metalAccount('XAU', 'outside'), asset: 'XAU', amount: bar.grams }]);
        bar.status = 'released';
        s.expectedNet = s.expectedNet.minus(bar.grams);
        return this.covered() ? ok : uncovered;
      }
      case 'quarantineBar': {
        const bar = this.pick(s.bars.filter((b) => b.status === 'available'), op.pick);
        if (!bar) return none;
        bar.status = 'quarantined';
        return this.covered() ? ok : uncovered;
      }
      case 'restoreBar': {
        const bar = this.pick(s.bars.filter((b) => b.status === 'quarantined'), op.pick);
        if (!bar) return none;
        bar.status = 'available';
        return ok;
      }
      case 'toProvider':
        this.post([{ from: metalAccount('XAU', 'outside'), to: metalAccount('XAU', 'provider:Acme Metals'), asset: 'XAU', amount: op.grams }]);
        s.expectedNet = s.expectedNet.plus(op.grams);
        return ok;
      case 'hedge':
        s.hedges.push({ side: op.side, grams: op.grams, canceled: false });
        s.expectedNet = op.side === 'BUY' ? s.expectedNet.plus(op.grams) : s.expectedNet.minus(op.grams);
        return ok;
      case 'cancelHedge': {
        const h = this.pick(s.hedges.filter((x) => !x.canceled), op.pick);
        if (!h) return none;
        h.canceled = true;
        s.expectedNet = h.side === 'BUY' ? s.expectedNet.minus(h.grams) : s.expectedNet.plus(h.grams);
        return ok;
      }
    }
  }

  /** SETTLED -> PAID once nothing is owed (a buyer gets the gold, a seller the MYR amount). */
  private completeIfOwed(o: SimOrder, paid = false): StepResult {
    const owes =
      o.action === 'BUY' ? !paid && new Decimal(o.amount).minus(o.reserved.balanceDeducted).gt(0) : new Decimal(sellOwed(o.grams, o.reserved.goldReserved, o.delivered)).gt(0);
    if (owes) return { accepted: true };
    const postings = completePostings(o.user, o.action, o.grams, o.amount);
    this.post(postings);
    o.posted.push(...postings);
    o.status = 'PAID';
    return { accepted: true };
  }
}
