/**
 * The page's CSP nonce (the server writes it into Vite's `<meta property="csp-nonce">` of every
 * index.html), for the few `<style>` elements a library renders itself (Radix Select's viewport).
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  return nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined;
}

/** Where a floating list opens: inside the modal that holds its field (its focus trap and scroll lock allow it there), else the body. */
export function portalContainer(field: HTMLElement | null): HTMLElement | undefined {
  return field?.closest<HTMLElement>('[role="dialog"]') ?? undefined;
}
