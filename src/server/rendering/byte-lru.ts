/** A least-recently-used map bounded by the bytes its values hold, not by their number. */
export class ByteLru<Value> {
  // A Map iterates in insertion order; re-inserting on every hit keeps the oldest first.
  private readonly entries = new Map<string, { value: Value; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`, evicting the least recently used until it fits; a value over the bound is not kept. */
  set(key: string, value: Value, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    while (this.total + bytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
