// Columns count characters, not bytes: the caret sits under the '+' after two Greek letters.
import { u32, fn } from 'awasm';
const σ = 1n; const τ = σ + 1;
export const f = fn([u32], (x) => x);
