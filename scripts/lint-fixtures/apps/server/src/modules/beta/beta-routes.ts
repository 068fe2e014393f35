// clean: a routes file calls its own service and another module's service; 'DELETE' as a method is no SQL
import { findBeta } from './beta-service.ts';
import { alpha } from '../alpha/alpha-service.ts';

export const route = { method: 'DELETE', url: '/v0/web/secure/beta', handler: findBeta, alpha };
