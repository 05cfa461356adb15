/** Peak resident memory of this process so far, in MiB (printed in command summaries). */
export function peakRssMiB(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
