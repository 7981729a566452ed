// delete is not allowed: objects do not change shape that way.
import { u32, fn } from 'awasm';

const cfg = { rounds: 64, extra: 1 };
delete cfg.extra;
export const f = fn([u32], (x) => x + cfg.rounds);
