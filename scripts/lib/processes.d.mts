// Types for processes.mjs, for the TypeScript tests that use it.
export function childrenOf(pid: number): number[];
export function argumentsOf(pid: number): string[];
