// Settings the benchmark scripts take from the environment.

/** A whole number of at least 1 from the environment, or a clear stop. */
export function wholeNumberSetting(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (Number.isInteger(value) && value >= 1) return value;
  console.error(`${name} must be a whole number of at least 1, not "${process.env[name]}".`);
  process.exit(1);
}
