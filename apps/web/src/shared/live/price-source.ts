/** Where a quote comes from (the Price frame's `source`, packages/domain/src/system/live-messages.ts). */
const PRICE_SOURCES = ['simulated', 'http', 'manual'] as const;
type PriceSource = (typeof PRICE_SOURCES)[number];

/** The one text priceSourceLabel needs: any component's t that has the shell namespace (loaded with the shell, not on the sign-in page). */
type PriceSourceTranslation = (key: `shell:priceSources.${PriceSource}`) => string;

/** A price source as people read it, in the console's language; an unknown source by its code. */
export function priceSourceLabel(t: PriceSourceTranslation, source: string): string {
  return (PRICE_SOURCES as readonly string[]).includes(source) ? t(`shell:priceSources.${source as PriceSource}`) : source;
}
