// CPU time and memory of a process tree, read from Linux's /proc: per-thread schedstat
// (nanoseconds), so the cost of a single request to workerd can be measured without relying on
// timers inside the isolate, and resident memory, so a load test can see whether it levels off.
import { readdirSync, readFileSync } from 'node:fs';

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const task of safeList(`/proc/${pid}/task`)) {
    const text = safeRead(`/proc/${pid}/task/${task}/children`);
    if (text) children.push(...text.trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return children;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function safeRead(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Every descendant process of `rootPid`: children, their children, and so on. */
function descendantsOf(rootPid: number): number[] {
  const found: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const children = childrenOf(queue.shift()!);
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** Every descendant process named `name` (e.g. "workerd") of `rootPid`. */
export function descendantsNamed(rootPid: number, name: string): number[] {
  return descendantsOf(rootPid).filter((pid) => safeRead(`/proc/${pid}/comm`)?.trim() === name);
}

/** Total CPU nanoseconds used so far by all threads of the given processes. */
export function cpuNanoseconds(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    for (const task of safeList(`/proc/${pid}/task`)) {
      const text = safeRead(`/proc/${pid}/task/${task}/schedstat`);
      if (text) total += Number(text.split(' ')[0]);
    }
  }
  return total;
}

/** Resident memory of a process in bytes (VmRSS), 0 when it has gone. */
export function residentBytes(pid: number): number {
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(safeRead(`/proc/${pid}/status`) ?? '')?.[1];
  return kilobytes ? Number(kilobytes) * 1024 : 0;
}

/** Resident memory of a process and all its descendants, in bytes. */
export function treeResidentBytes(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((total, member) => total + residentBytes(member), 0);
}
