// Default exports are not supported; export kernels by name.
import { u32, fn } from 'awasm';

export default fn([u32], (x) => x);
