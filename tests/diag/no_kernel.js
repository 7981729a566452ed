// A module compiled on its own must export a kernel function.
export const K = [1, 2, 3];
export const helper = (x) => x + 1;
