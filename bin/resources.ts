/** The resources this process has used so far (printed in command summaries). */

/** Peak resident memory, in MiB. */
export function peakRssMiB(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** CPU time of every thread of the process (user + system), in seconds. */
export function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
