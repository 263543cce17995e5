// Reading other processes from /proc (Linux): the bench's memory figures, the upgrade's wait.
import fs from 'node:fs';

const parentOf = (pid) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);

/** The ids of the processes whose parent is `pid` (a cluster primary's workers). */
export function childrenOf(pid) {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return parentOf(entry) === pid;
      } catch {
        return false; // the process ended while we looked
      }
    })
    .map(Number);
}

/** A process's command line as its arguments, or none once it has ended. */
export function argumentsOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}
