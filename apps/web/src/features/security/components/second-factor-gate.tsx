import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSecondFactorStatus } from '../api/security-calls.ts';

export const SECURITY_PATH = '/account/security/';

/**
 * Leads an admin whose role requires a second factor it has not enrolled to the security page,
 * right after the password and before anything else (decision 0222): the server refuses its other
 * calls (403, 1156) until it enrols.
 */
export function SecondFactorGate(): null {
  const status = useSecondFactorStatus();
  const location = useLocation();
  const navigate = useNavigate();
  const held = status.data ? status.data.required && !status.data.enrolled : false;
  useEffect(() => {
    if (held && !location.pathname.startsWith('/account/security')) void navigate(SECURITY_PATH, { replace: true });
  }, [held, location.pathname, navigate]);
  return null;
}
