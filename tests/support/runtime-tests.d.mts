export function runtimeDependentTests(unitTests: string[]): string[];
export function filesEndingIn(roots: string[], suffixes: string[]): string[];
