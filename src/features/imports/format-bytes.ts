const units = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A size people read: `812 bytes`, `64.0 KB`, `100.0 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value.toLocaleString('en')} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A count with thousands separators: `1,000,000`. */
export const formatCount = (n: number) => n.toLocaleString('en');
