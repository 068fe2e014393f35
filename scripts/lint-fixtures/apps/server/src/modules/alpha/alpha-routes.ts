// breaks: no repository in a routes file, and no SQL text (a string and a template)
import { findAlpha } from './alpha-repository.ts';

export const read = findAlpha;
export const byText = 'SELECT id FROM alpha WHERE id = $1';
export const byTemplate = (table: string) => `UPDATE ${table} SET seen = true`;
