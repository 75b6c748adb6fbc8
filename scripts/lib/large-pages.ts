// The allocator's setting the build's process runs with: glibc asked to back the memory it maps
// with transparent huge pages (`glibc.malloc.hugetlb=1`, that is madvise(MADV_HUGEPAGE), which
// Linux honours when /sys/kernel/mm/transparent_hugepage/enabled says "madvise", as on the machine
// measured; with "always" every large mapping gets them anyway). Only the build's own child gets it: a build run
// with a heap limit already chosen (NODE_OPTIONS) is not rerun (bounded-heap.ts), and runs without.
// The build fills fresh buffers by the gigabyte (file texts, data files, SQLite's pages), and each
// 4 KiB page first touched is a fault: half a million in a cold build of 100k reports, with a
// quarter of its CPU in the kernel. With 2 MiB pages a fifth of the faults go, and cold builds are
// somewhat faster (docs/performance-history.md, "Huge pages for glibc's allocator"). Other C
// libraries and systems ignore the variable; a value the person running the build gave it is kept.

const tunable = 'glibc.malloc.hugetlb';

/** `env` with glibc's allocator set to ask for transparent huge pages, unless it says otherwise already. */
export function withLargePages(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.split(':').some((setting) => setting.startsWith(`${tunable}=`))) return env;
  return { ...env, GLIBC_TUNABLES: tunables ? `${tunables}:${tunable}=1` : `${tunable}=1` };
}
