// A library module for tests/diag (not a case by itself).
export const ROUNDS = 64;
export const K = [1, 2, 3];
