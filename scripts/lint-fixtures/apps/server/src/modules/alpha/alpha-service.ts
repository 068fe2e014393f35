// breaks: a module reaches another module only through its *-service.ts files
import { findBeta } from '../beta/beta-repository.ts';

export const alpha = findBeta;
