/** The one text deviceLabel needs: any component's t that has the shell namespace (loaded with the shell, not on the sign-in page). */
type DeviceTranslation = (key: 'shell:device', options: { browser: string; system: string }) => string;

/**
 * A device as people read it, in the console's language: the server names a User-Agent as
 * 'browser on system' ('Chrome 156 on Linux', apps/server/src/modules/audit/device-name.ts and the
 * session list's deviceOf); the browser and system keep their product names, the 'on' is
 * translated ('Linux 上的 Chrome 156'). A name of another form is shown as it is.
 */
export function deviceLabel(t: DeviceTranslation, name: string): string {
  const at = name.lastIndexOf(' on ');
  if (at <= 0) return name;
  return t('shell:device', { browser: name.slice(0, at), system: name.slice(at + ' on '.length) });
}
