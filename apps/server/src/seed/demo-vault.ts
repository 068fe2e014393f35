import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { metalAccount } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../db/db.ts';
import { postEntry } from '../modules/ledger/ledger-service.ts';

/** The demo vault (decision 0837): KUL-01 at Aurum Custody KL, six LBMA-like 400 oz gold bars (about 12,441 g each, 999.9 fine). */
export const DEMO_VAULT = { code: 'KUL-01', name: 'Kuala Lumpur vault', custodian: 'Aurum Custody KL' } as const;

export const DEMO_BARS: ReadonlyArray<{ serial: string; refiner: string; year: number; gross: string; fineness: string }> = [
  { serial: 'AB10231', refiner: 'Argor-Heraeus', year: 2021, gross: '12441.2090', fineness: '999.9' },
  { serial: 'AB10232', refiner: 'Argor-Heraeus', year: 2021, gross: '12437.8750', fineness: '999.9' },
  { serial: 'PM448120', refiner: 'PAMP', year: 2022, gross: '12445.1020', fineness: '999.9' },
  { serial: 'PM448121', refiner: 'PAMP', year: 2022, gross: '12439.6610', fineness: '999.9' },
  { serial: 'VA55017', refiner: 'Valcambi', year: 2023, gross: '12443.0340', fineness: '999.9' },
  { serial: 'VA55018', refiner: 'Valcambi', year: 2023, gross: '12440.5180', fineness: '999.9' },
];

/** The demo's XAU target and band (grams): the bars less the demo customers' metal is about 68 kg. */
export const DEMO_XAU_LIMITS = { target: '68000.0000', band: '10000.0000' } as const;

/**
 * The demo vault and its bars, available, with their receive posted into the metal books
 * (outside -> vault:KUL-01) so that the bars cover the demo customers' gold with headroom (the
 * coverage rule). Runs before the demo wallets and orders, in the seed's transaction.
 */
export async function seedVault(tx: Queryable, root: number): Promise<void> {
  const [vault] = await tx.query<{ id: number }>('INSERT INTO vaults (code, name, custodian) VALUES ($1, $2, $3) RETURNING id', [
    DEMO_VAULT.code,
    DEMO_VAULT.name,
    DEMO_VAULT.custodian,
  ]);
  let total = new Decimal(0);
  for (const bar of DEMO_BARS) {
    const fine = roundTo(new Decimal(bar.gross).times(bar.fineness).div(1000), 4);
    await tx.query(
      `INSERT INTO vault_bars (serial, refiner, metal, form, year, gross_weight, fineness, fine_weight, book_weight, refiner_weight, vault_weight, custodian, vault_id, status)
       VALUES ($1, $2, 'XAU', 'bar', $3, $4, $5, $6, $6, $4, $4, $7, $8, 'available')`,
      [bar.serial, bar.refiner, bar.year, bar.gross, bar.fineness, fine, DEMO_VAULT.custodian, vault!.id],
    );
    total = total.plus(fine);
  }
  // the house runs long its own inventory: the demo's XAU target and band sit around it
  await tx.query("UPDATE treasury_settings SET target = $1, band = $2 WHERE metal = 'XAU'", [DEMO_XAU_LIMITS.target, DEMO_XAU_LIMITS.band]);
  await postEntry(tx, {
    kind: 'vault.receive',
    userId: null,
    note: `Demo bars received at ${DEMO_VAULT.code}`,
    createdBy: root,
    postings: [{ from: metalAccount('XAU', 'outside'), to: metalAccount('XAU', `vault:${DEMO_VAULT.code}`), asset: 'XAU', amount: roundTo(total, 4) }],
  });
}
