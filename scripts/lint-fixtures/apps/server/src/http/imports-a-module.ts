// breaks: a mechanism imports no module
import { requestAuthenticator } from '../modules/auth/auth-service.ts';

export const authenticator = requestAuthenticator;
