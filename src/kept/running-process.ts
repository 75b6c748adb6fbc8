/**
 * Whether a process still runs: files named after a build's process id (staging folders, files
 * being kept) are left behind when that build is killed, and removed by a later build only once
 * their owner is gone, never while builds run side by side (parallel tests).
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // running, owned by another user
  }
}
