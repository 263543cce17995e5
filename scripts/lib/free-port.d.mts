/** A port nothing listens on right now, chosen below the ephemeral range (scripts/lib/free-port.mjs). */
export function freePort(): Promise<number>;
