import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
import { authController, http } from '#shared/http/client.ts';
import { AUTH_API } from '#shared/http/paths.ts';
import { USER_INPUT_EVENTS } from '#shared/http/user-activity.ts';
import { storeSessionMessage } from '#shared/auth/session-storage.ts';
import { onOtherTabs, tellOtherTabs } from '#shared/auth/tab-channel.ts';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { logout } from '../../features/auth/api/logout.ts';

/** The server ends a session after 30 minutes without an action of the admin (DECISIONS.md §9); the dialog opens 2 minutes before. */
export const IDLE_LIMIT_MS = 30 * 60_000;
export const IDLE_WARNING_MS = 2 * 60_000;
/** How often an action is told to the other tabs, and how often another tab's action keeps this tab's session alive. */
const SHARE_EVERY_MS = 5_000;
const KEEP_ALIVE_EVERY_MS = 60_000;

/** A call that is an action of the admin (not background): it moves the server's idle limit of this tab's session. */
const keepAlive = () => http.request(`${AUTH_API}/second_factor`, { background: false }).catch(() => undefined);

/**
 * The idle warning (decision 0225): counts the admin's input in any tab of the console (BroadcastChannel),
 * warns 2 minutes before the limit with "stay signed in", signs out when it is reached; a sign-out
 * in another tab ends this tab's session too. Reads Date.now and timers only (a test's clock drives it).
 */
export function IdleDialog() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const lastAction = useRef(Date.now());
  const shared = useRef(0);
  const keptAlive = useRef(Date.now());
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    const leave = (message: string) => {
      storeSessionMessage(window.sessionStorage, message);
      authController.signOut();
      void navigate('/auth/login/', { replace: true });
    };
    const act = () => {
      const now = Date.now();
      lastAction.current = now;
      if (now - shared.current >= SHARE_EVERY_MS) {
        shared.current = now;
        tellOtherTabs({ type: 'action', at: now });
      }
    };
    for (const type of USER_INPUT_EVENTS) window.addEventListener(type, act, { capture: true, passive: true });
    const stop = onOtherTabs((message) => {
      if (message.type === 'signOut') {
        void logout()
          .catch(() => undefined)
          .then(() => leave(SESSION_MESSAGES.logout));
        return;
      }
      lastAction.current = Math.max(lastAction.current, message.at);
      if (Date.now() - keptAlive.current >= KEEP_ALIVE_EVERY_MS) {
        keptAlive.current = Date.now();
        void keepAlive();
      }
    });
    const timer = setInterval(() => {
      const left = lastAction.current + IDLE_LIMIT_MS - Date.now();
      if (left <= 0) {
        clearInterval(timer);
        leave(SESSION_MESSAGES.idle);
      } else setSecondsLeft(left <= IDLE_WARNING_MS ? Math.ceil(left / 1000) : null);
    }, 1_000);
    return () => {
      for (const type of USER_INPUT_EVENTS) window.removeEventListener(type, act, { capture: true });
      stop();
      clearInterval(timer);
    };
  }, [navigate]);

  const stay = () => {
    lastAction.current = Date.now();
    keptAlive.current = Date.now();
    tellOtherTabs({ type: 'action', at: lastAction.current });
    setSecondsLeft(null);
    void keepAlive();
  };

  return (
    <Modal
      open={secondsLeft !== null}
      onOpenChange={(open) => (open ? undefined : stay())}
      title={t('idle.title')}
      description={t('idle.text', { seconds: secondsLeft ?? 0 })}
      testId="idle-dialog"
      footer={<Button onClick={stay}>{t('idle.stay')}</Button>}
    >
      {null}
    </Modal>
  );
}
