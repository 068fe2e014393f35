import { afterEach } from 'vitest';
import { checkOpenTestServers } from './test-server.ts';

// After every integration test: the order counters of each test server still open equal a fresh
// count(*) per status (order-counts-check.ts). A server closed during the test was checked as it closed.
afterEach(async () => {
  await checkOpenTestServers();
});
