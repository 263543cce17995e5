// Reading other processes from /proc (Linux): the bench's memory figures, the upgrade's wait.
import { execFileSync } from 'node:child_process';
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

const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user and system) a process and its children (a primary's workers) have used so far. */
export function cpuSecondsOf(pid) {
  let ticks = 0;
  for (const id of [pid, ...childrenOf(pid)]) {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of stat
    } catch {
      // ended while we looked
    }
  }
  return ticks / clockTicksPerSecond;
}

/** A process's command line as its arguments, or none once it has ended. */
export function argumentsOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}
