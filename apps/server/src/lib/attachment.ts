/** A Content-Disposition naming the file: plain ASCII for old clients, the exact name as RFC 5987. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\w .-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
