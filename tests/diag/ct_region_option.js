// memory(name, spec, options): the only option is secret.
import { u32, fn, memory } from 'awasm';

const lengths = memory('lengths', u32.array(4), { public: true });
export const f = fn([], () => lengths.load(0));
