/** '45 min', '1 h', '2 h 5 min', '3 days 4 h': a number of minutes as the office reads it (two parts at most). */
export function spokenMinutes(minutes: number): string {
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '',
    hours > 0 ? `${hours} h` : '',
    rest > 0 || (days === 0 && hours === 0) ? `${rest} min` : '',
  ];
  return parts.filter(Boolean).slice(0, 2).join(' ');
}
