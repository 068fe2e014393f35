import { describe, expect, it } from 'vitest';
import { deviceLabel } from '../device.ts';

const zh = (_key: 'shell:device', values: { browser: string; system: string }) => `${values.system} 上的 ${values.browser}`;

describe('deviceLabel', () => {
  it('puts the browser and the system of the server\'s name into the language\'s sentence', () => {
    expect(deviceLabel(zh, 'Chrome 156 on Linux')).toBe('Linux 上的 Chrome 156');
    expect(deviceLabel(zh, 'Mobile Safari 17 on iOS (iPhone)')).toBe('iOS (iPhone) 上的 Mobile Safari 17');
  });

  it('shows a name of another form as it is', () => {
    expect(deviceLabel(zh, 'curl/8.5.0')).toBe('curl/8.5.0');
  });
});
