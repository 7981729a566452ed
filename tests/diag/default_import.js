// Default imports are not supported; import names.
import awasm from 'awasm';

export const f = awasm.fn([awasm.u32], (x) => x);
