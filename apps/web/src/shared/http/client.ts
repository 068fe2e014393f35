import { createAuthController } from '../auth/auth-controller.ts';
import { createHttpClient } from './http-client.ts';
import { createMoneyCaller } from './money-call.ts';
import { AUTH_API } from './paths.ts';
import { createUserActivity, trackUserInput } from './user-activity.ts';

/** The admin's input: calls made without recent input are marked background (DECISIONS.md §9). */
const activity = createUserActivity();
trackUserInput(window, activity);

/** The console's session: admin and tokens in session storage (SPEC.md §3, §4). */
export const authController = createAuthController({
  storage: window.sessionStorage,
  callRefresh: (body) =>
    http.request(`${AUTH_API}/refresh`, {
      method: 'POST',
      body,
      auth: 'none',
      // the 25 s token refresh is never an action of the admin
      background: true,
      lazySchema: () => import('@aurum/domain/auth/schemas').then((m) => m.RefreshAnswer),
    }),
});

/** The console's one http client (SPEC.md §7). */
export const http = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  getAccessToken: () => authController.accessToken(),
  refreshSession: () => authController.refresh(),
  isBackground: () => activity.idle(),
});

/** The money-moving calls: an Idempotency-Key per intent, sent again with it when the outcome is in doubt (money-call.ts). */
export const money = createMoneyCaller(http);
