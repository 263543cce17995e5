const units = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A file size as staff read it (docs/product.md#image: Bytes, KB, MB or GB), 1024-based, up to two decimals. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${units[exponent]}`;
}
