export function findChromium(options?: { install?: boolean; headlessShell?: boolean }): string;
